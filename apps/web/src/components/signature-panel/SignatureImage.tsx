import { Image, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { useStoredFile } from '../../lib/stored-file';

/**
 * A saved signature: the stored file the record names, or the image data an older record kept in
 * its place. The object URL lives only while the image is on screen.
 */
export function SignatureImage({ sign, signer }: { sign: string; signer?: string }) {
  const { t } = useT();
  const image = useStoredFile(sign);
  if (image.status === 'unavailable' || image.status === 'none')
    return (
      <Text size="sm" c="dimmed">
        {t('signature.imageMissing')}
      </Text>
    );
  if (image.status === 'loading')
    return (
      <Text size="sm" c="dimmed">
        {t('signature.imageLoading')}
      </Text>
    );
  return (
    <Image
      src={image.url}
      alt={signer ? t('signature.of', { name: signer }) : t('signature.image')}
      maw={360}
      h="auto"
      fit="contain"
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="signature-image"
    />
  );
}
