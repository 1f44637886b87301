import { describe, expect, it } from 'vitest';
import { FALLBACK_OCR_MESSAGE, OCR_STATUS, getOcrStatusMessage } from '@sanad/idv/document/ocr-status';
import { DOCUMENT_LABELS, DOCUMENT_REQUEST_MESSAGES } from '@sanad/contracts/document-requests';
import { DYNAMIC_REGISTER_MESSAGES } from '@sanad/contracts/dynamic-register';
import { FILE_MESSAGES } from '@sanad/contracts/files';
import { MESSAGES } from '@sanad/contracts/messages';
import { ONBOARDING_CONFIGURATION_MESSAGES } from '@sanad/contracts/onboarding-configuration';
import { CONTACT_OTP_MESSAGES, OTP_MESSAGES } from '@sanad/contracts/otp';
import { E_SIGN_CONSENT, SIGNATURE_MESSAGES, SIGNATURE_PANEL_TITLE, SIGNATURE_TEXT_MESSAGE } from '@sanad/contracts/signature';
import { TEMP_CUSTOMER_MESSAGES } from '@sanad/contracts/temp-customers';
import { ar } from './ar';
import { en, type TCatalogue } from './en';
import { CLOSE_LABEL, LOADING_LABEL, REMOVE_LABEL } from './languages';
import { indexMessages, interpolate, placeholdersOf, translateMessage } from './translate';
import { ur } from './ur';

const TRANSLATIONS: Array<[string, TCatalogue, RegExp]> = [
  ['Arabic', ar, /[\u0600-\u06FF]/],
  ['Urdu', ur, /[\u0600-\u06FF]/],
];
/** Names and formats that read the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['account.fatca', 'signature.dateFormat']);
const INDEX = indexMessages(en);

describe('the message catalogues', () => {
  it.each(TRANSLATIONS)('%s gives every English key, with the same placeholders, in its own script', (_name, catalogue, script) => {
    expect(Object.keys(catalogue).toSorted()).toEqual(Object.keys(en).toSorted());
    const keys = Object.keys(en) as Array<keyof typeof en>;
    expect(keys.filter((key) => catalogue[key].trim() === '')).toEqual([]);
    expect(keys.filter((key) => placeholdersOf(catalogue[key]).join() !== placeholdersOf(en[key]).join())).toEqual([]);
    expect(keys.filter((key) => !SAME_IN_EVERY_LANGUAGE.has(key) && !script.test(catalogue[key]))).toEqual([]);
  });

  it('copies the server’s and the contracts’ English messages word for word, so they are found', () => {
    const copied: Array<[keyof typeof en, string]> = [
      ['upload.placeholder', DOCUMENT_REQUEST_MESSAGES.placeholder],
      ['signature.title', SIGNATURE_PANEL_TITLE],
      ['signature.consent', E_SIGN_CONSENT],
      ['file.formatNotAllowed', MESSAGES.fileFormatNotAllowed],
      ['file.formatNotSupported', MESSAGES.fileFormatNotSupported],
      ['msg.docAddressProof', DOCUMENT_LABELS.addressProof],
      ['msg.docFundsEvidence', DOCUMENT_LABELS.fundsEvidence],
      ['msg.docIdentity', DOCUMENT_LABELS.identity],
      ['msg.docExpiryRequired', DOCUMENT_REQUEST_MESSAGES.expiryRequired],
      ['msg.docExpiryPast', DOCUMENT_REQUEST_MESSAGES.expiryPast],
      ['msg.docReceived', DOCUMENT_REQUEST_MESSAGES.received],
      ['msg.docLinkInvalid', DOCUMENT_REQUEST_MESSAGES.linkInvalid],
      ['msg.default', MESSAGES.default],
      ['msg.tryLater', FALLBACK_OCR_MESSAGE],
      ['msg.captchaRequired', MESSAGES.captchaRequired],
      ['msg.captchaInvalid', MESSAGES.captchaInvalid],
      ['msg.validation', MESSAGES.validation],
      ['msg.rateLimited', MESSAGES.rateLimited],
      ['msg.notFound', MESSAGES.notFound],
      ['msg.linkInvalid', TEMP_CUSTOMER_MESSAGES.linkInvalid],
      ['msg.earlierStepFirst', TEMP_CUSTOMER_MESSAGES.earlierStepFirst],
      ['msg.progressSaved', TEMP_CUSTOMER_MESSAGES.saved],
      ['msg.registrationCompleted', TEMP_CUSTOMER_MESSAGES.completed],
      ['msg.uploadFileFirst', TEMP_CUSTOMER_MESSAGES.notYourFile],
      ['msg.tooManyRequests', TEMP_CUSTOMER_MESSAGES.tooManyRequests],
      ['msg.started', TEMP_CUSTOMER_MESSAGES.started],
      ['msg.closed', TEMP_CUSTOMER_MESSAGES.closed],
      ['msg.dynamicSaved', DYNAMIC_REGISTER_MESSAGES.saved],
      ['msg.dynamicCompleted', DYNAMIC_REGISTER_MESSAGES.completed],
      ['msg.dynamicNotReady', DYNAMIC_REGISTER_MESSAGES.notReady],
      ['msg.dynamicLinkInvalid', DYNAMIC_REGISTER_MESSAGES.linkInvalid],
      ['msg.dynamicTooMany', DYNAMIC_REGISTER_MESSAGES.tooManyRequests],
      ['msg.dynamicNotYourFile', DYNAMIC_REGISTER_MESSAGES.notYourFile],
      ['msg.answersRefused', DYNAMIC_REGISTER_MESSAGES.answersRefused],
      ['msg.otpRequired', OTP_MESSAGES.required],
      ['msg.otpDigits', OTP_MESSAGES.digitsOnly],
      ['msg.otpShort', OTP_MESSAGES.tooShort],
      ['msg.otpLong', OTP_MESSAGES.tooLong],
      ['msg.otpExpired', OTP_MESSAGES.expired],
      ['msg.otpIncorrect', OTP_MESSAGES.incorrect],
      ['msg.otpAttempts', OTP_MESSAGES.attemptsExceeded],
      ['msg.otpCouldNotGet', OTP_MESSAGES.couldNotGet],
      ['msg.otpSent', OTP_MESSAGES.sent],
      ['msg.otpSendLimit', OTP_MESSAGES.sendLimit],
      ['msg.otpTokenRequired', OTP_MESSAGES.tokenRequired],
      ['msg.mobileRequired', OTP_MESSAGES.mobileRequired],
      ['msg.mobileInvalid', OTP_MESSAGES.mobileInvalid],
      ['msg.numberVerified', OTP_MESSAGES.numberVerified],
      ['msg.emailNotVerified', CONTACT_OTP_MESSAGES.emailNotVerified],
      ['msg.phoneNotVerified', CONTACT_OTP_MESSAGES.phoneNotVerified],
      ['msg.emailRequired', CONTACT_OTP_MESSAGES.emailRequired],
      ['msg.emailInvalid', CONTACT_OTP_MESSAGES.emailInvalid],
      ['msg.emailVerified', CONTACT_OTP_MESSAGES.emailVerified],
      ['msg.taxIdRequired', ONBOARDING_CONFIGURATION_MESSAGES.taxIdRequired],
      ['msg.industryRequired', ONBOARDING_CONFIGURATION_MESSAGES.industryRequired],
      ['msg.fileEmpty', FILE_MESSAGES.emptyFile],
      ['msg.fileChoose', FILE_MESSAGES.chooseFile],
      ['msg.fileTypeRefused', FILE_MESSAGES.typeNotAllowed],
      ['msg.signatureRequired', SIGNATURE_MESSAGES.required],
      ['msg.signatureDrawFirst', SIGNATURE_MESSAGES.drawFirst],
      ['msg.signatureName', SIGNATURE_MESSAGES.nameRequired],
      ['msg.signatureDate', SIGNATURE_MESSAGES.dateRequired],
      ['msg.signatureDateFormat', SIGNATURE_MESSAGES.dateFormat],
      ['msg.signatureAgree', SIGNATURE_MESSAGES.agreeRequired],
      ['msg.signatureStored', SIGNATURE_MESSAGES.storedImage],
      ['msg.signatureSpecial', SIGNATURE_TEXT_MESSAGE],
      ['msg.ocrSuccess', getOcrStatusMessage(OCR_STATUS.success)],
      ['msg.ocrExpired', getOcrStatusMessage(OCR_STATUS.expired)],
      ['msg.ocrFormat', getOcrStatusMessage(OCR_STATUS.wrongImageFormat)],
      ['msg.ocrWrongType', getOcrStatusMessage(OCR_STATUS.selectedTypeNotFound)],
      ['msg.ocrSeveral', getOcrStatusMessage(OCR_STATUS.multipleDocuments)],
      ['msg.ocrNoDocument', getOcrStatusMessage(OCR_STATUS.noDocument)],
      ['msg.ocrWrongSide', getOcrStatusMessage(OCR_STATUS.wrongCardSide)],
      ['msg.ocrBlurry', getOcrStatusMessage(OCR_STATUS.blurry)],
      ['msg.ocrNotClear', getOcrStatusMessage(OCR_STATUS.notClear)],
      ['msg.ocrDamaged', getOcrStatusMessage(OCR_STATUS.damaged)],
      ['msg.ocrNoFace', getOcrStatusMessage(OCR_STATUS.noFace)],
      ['msg.ocrUnreadable', getOcrStatusMessage(OCR_STATUS.textUnreadable)],
    ];
    expect(copied.filter(([key, contract]) => en[key] !== contract).map(([key]) => key)).toEqual([]);
  });

  it('words the frame (loading screens, close and remove buttons) as the catalogues do, though it loads none', () => {
    for (const [language, catalogue] of [
      ['en', en],
      ['ar', ar],
      ['ur', ur],
    ] as const) {
      expect([LOADING_LABEL[language], CLOSE_LABEL[language], REMOVE_LABEL[language]]).toEqual([
        catalogue['common.loading'],
        catalogue['common.close'],
        catalogue['file.remove'],
      ]);
    }
  });

  it('fills in placeholders and leaves a missing value visible', () => {
    expect(interpolate(en['wizard.stepOf'], { current: 3, total: 7, label: 'Setup profile' })).toBe('Step 3 of 7: Setup profile');
    expect(interpolate(ar['wizard.stepOf'], { current: 3, total: 7, label: ar['step.setup-profile'] })).toBe(
      'الخطوة 3 من 7: إعداد الملف الشخصي',
    );
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
  });

  it('finds English messages by their text, fills their values in, and leaves unknown text as it came', () => {
    expect(translateMessage('Email is required', INDEX, ar)).toBe('البريد الإلكتروني مطلوب');
    expect(translateMessage('First name is required', INDEX, ar)).toBe('الاسم الأول مطلوب');
    expect(translateMessage('ID number must be at most 64 characters', INDEX, ur)).toBe('شناختی نمبر زیادہ سے زیادہ 64 حروف کا ہو سکتا ہے');
    expect(translateMessage('Front: Document read successfully', INDEX, ar)).toBe('الوجه الأمامي: تمت قراءة الوثيقة بنجاح');
    expect(translateMessage('Back: uploaded', INDEX, ur)).toBe('پشت: اپ لوڈ ہو گیا');
    expect(translateMessage('A customer with this ID number already exists', INDEX, ar)).toBe(
      'A customer with this ID number already exists',
    );
  });
});
