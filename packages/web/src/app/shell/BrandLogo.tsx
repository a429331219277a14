import { Image } from '@mantine/core';
import { useState } from 'react';
import { PerchWordmark } from './PerchMark';

interface BrandLogoProps {
  /** The organisation's `custom_logo_url` setting; empty means the Perch wordmark. */
  customLogoUrl: string;
  organizationName: string;
  /** Height of the mark (and of a custom logo, a little more); smaller in the embedded header. */
  size?: number;
}

/** The organisation's own logo when it set one (and it loads), else the Perch wordmark. */
export function BrandLogo({ customLogoUrl, organizationName, size = 32 }: BrandLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!customLogoUrl || failedUrl === customLogoUrl) return <PerchWordmark size={size} />;
  return (
    <Image
      src={customLogoUrl}
      alt={organizationName}
      h={size + 4}
      w="auto"
      maw={(size + 4) * 5}
      fit="contain"
      onError={() => setFailedUrl(customLogoUrl)}
    />
  );
}
