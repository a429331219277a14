/** Files the app hands to the browser's downloads: a text made or fetched here, under a file name. */

/** Offers a file to the browser's downloads, named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Offers `text` as a file download named `fileName`. */
export function saveTextFile(text: string, fileName: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** A file name without folders or characters file systems refuse. */
function safeFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  return [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && !'<>:"|?*'.includes(c))
    .join('')
    .trim();
}

/**
 * The name a download should get: the `Content-Disposition` header's file name when the server
 * sent one (`filename*=UTF-8''…` first), else `fallback`.
 */
export function attachmentName(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      const name = safeFileName(decodeURIComponent(extended.trim()));
      if (name) return name;
    } catch {
      // Broken escapes: the plain parameter may still do.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(contentDisposition);
  return safeFileName(plain?.[1] ?? plain?.[2] ?? '') || fallback;
}
