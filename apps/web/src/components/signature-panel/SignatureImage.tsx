import { useEffect, useState } from 'react';
import { Image, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { filesSignatureStorage, type SignatureStorage } from './signature-storage';

/**
 * A saved signature, fetched from the stored file the record names and shown as an image.
 * The object URL lives only while the image is on screen.
 */
export function SignatureImage({
  sign,
  signer,
  storage = filesSignatureStorage,
}: {
  sign: string;
  signer?: string;
  storage?: SignatureStorage;
}) {
  const { t } = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [isMissing, setMissing] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    let objectUrl: string | null = null;
    storage
      .load(sign)
      .then((blob) => {
        if (!isCurrent) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (isCurrent) setMissing(true);
      });
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [sign, storage]);
  if (isMissing)
    return (
      <Text size="sm" c="dimmed">
        {t('signature.imageMissing')}
      </Text>
    );
  if (!url)
    return (
      <Text size="sm" c="dimmed">
        {t('signature.imageLoading')}
      </Text>
    );
  return (
    <Image
      src={url}
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
