/**
 * What other modules may read of the form builder: the form version a segment has published, and
 * one version by id (a journey pinned to the version it started on), and the custom fields of a
 * segment's published forms (the advanced search, the exports). Reads only; every change goes
 * through the form builder's service. Also the check of the files a form's answers name, which
 * every journey that stores answers runs after the answers validator.
 */
import {
  allFields,
  fileFieldError,
  FORM_MESSAGES,
  isFieldVisible,
  localized,
  type TFormAnswers,
  type TFormDefinition,
  type TFormLanguage,
} from '@sanad/contracts/form-builder';
import type { FileVault } from '../../platform/storage/file-vault';
import { findOwnUpload, type FileUploader } from '../files/own-uploads.port';

export { findPublished, findPublishedCustomFields, findVersionById } from './form-builder.repository';

/**
 * The file and signature answers that name a file the journey may not give: missing, of another
 * data segment, or not uploaded by the journey's link (or the staff user filling the form); a
 * file field's file must also be of the types and size the field takes, a signature an image.
 * Keyed by field key, like formAnswerErrors (run that first: it checks the answers' shape).
 */
export async function answerFileErrors(
  vault: Pick<FileVault, 'describe'>,
  definition: TFormDefinition,
  answers: TFormAnswers,
  owner: { dataSegmentId: string; uploader: FileUploader },
  language: TFormLanguage = 'en',
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const field of allFields(definition)) {
    const value = answers[field.key];
    if ((field.type !== 'file' && field.type !== 'signature') || typeof value !== 'string' || value.trim() === '') continue;
    if (!isFieldVisible(definition, field.key, answers)) continue;
    const label = localized(field.label, language);
    const file = await findOwnUpload(vault, value.trim(), owner.dataSegmentId, owner.uploader);
    if (field.type === 'signature') {
      if (!file || !file.contentType.startsWith('image/')) errors[field.key] = FORM_MESSAGES.notSigned(label);
      continue;
    }
    const problem = file
      ? fileFieldError(field, { name: file.originalName, type: file.contentType, sizeBytes: file.sizeBytes }, language)
      : FORM_MESSAGES.notYourFile(label);
    if (problem) errors[field.key] = problem;
  }
  return errors;
}
