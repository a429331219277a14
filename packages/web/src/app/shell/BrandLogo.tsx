import { Image } from '@mantine/core';
import { useState } from 'react';
import { PerchWordmark } from './PerchMark';

interface BrandLogoProps {
  /** The organisation's `custom_logo_url` setting; empty means the Perch wordmark. */
  customLogoUrl: string;
  organizationName: string;
}

/** The organisation's own logo when it set one (and it loads), else the Perch wordmark. */
export function BrandLogo({ customLogoUrl, organizationName }: BrandLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!customLogoUrl || failedUrl === customLogoUrl) return <PerchWordmark />;
  return (
    <Image
      src={customLogoUrl}
      alt={organizationName}
      h={36}
      w="auto"
      maw={180}
      fit="contain"
      onError={() => setFailedUrl(customLogoUrl)}
    />
  );
}
