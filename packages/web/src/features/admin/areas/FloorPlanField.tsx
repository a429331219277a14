import { Button, FileButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import type { LocationMap } from '@perch/contract';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './area-page.module.css';
import {
  FLOOR_PLAN_ACCEPT,
  FLOOR_PLAN_MAX_MB,
  formatMegabytes,
  imageFormatName,
  inspectFloorPlanFile,
} from './floor-plan-file';

interface FloorPlanFieldProps {
  currentMap: LocationMap | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Why the last chosen file cannot be used (checked here, or refused by the server on save). */
  problem: string | null;
  onProblem: (problem: string | null) => void;
  /** True while a chosen file is being checked (saving waits for it). */
  onCheckingChange: (checking: boolean) => void;
}

interface Preview {
  url: string;
  width: number;
  height: number;
}

/** Reads the pixel size of a chosen image in the browser, before it is uploaded. */
function useFilePreview(file: File | null): Preview | null {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new window.Image();
    image.onload = () => setPreview({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => setPreview({ url, width: 0, height: 0 });
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

/** Choose or drop a floor-plan image; shows what will be used and how large it is. */
export function FloorPlanField({
  currentMap,
  file,
  onFile,
  problem,
  onProblem,
  onCheckingChange,
}: FloorPlanFieldProps) {
  const { t, i18n } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  // Only the newest choice counts when files are chosen quickly one after the other.
  const latestChoice = useRef(0);
  // The file input forgets each choice, so choosing the same file again (after a refusal) counts.
  const resetInput = useRef<() => void>(null);
  const filePreview = useFilePreview(file);
  const currentUrl = useMemo(
    () => (currentMap ? `data:image/${currentMap.mimeType};base64,${currentMap.data}` : null),
    [currentMap],
  );

  useEffect(() => onCheckingChange(checking), [checking, onCheckingChange]);

  const accept = async (chosen: File | null) => {
    if (!chosen) return;
    const choice = ++latestChoice.current;
    resetInput.current?.();
    setChecking(true);
    onProblem(null);
    try {
      const check = await inspectFloorPlanFile(chosen);
      if (choice !== latestChoice.current) return;
      if (check.ok) onFile(chosen);
      else {
        const number = new Intl.NumberFormat(i18n.language);
        const values = Object.entries(check.problem.values ?? {}).map(([k, v]) => [
          k,
          typeof v === 'number' ? number.format(v) : v,
        ]);
        onProblem(t(check.problem.key, { name: chosen.name, ...Object.fromEntries(values) }));
      }
    } finally {
      if (choice === latestChoice.current) setChecking(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0] ?? null);
  };

  const shownUrl = filePreview?.url ?? (file ? null : currentUrl);
  const caption = file
    ? [
        t('floorPlanNewFile', { name: file.name, mb: formatMegabytes(file.size, i18n.language) }),
        filePreview?.width ? `${filePreview.width} × ${filePreview.height} px` : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : currentMap
      ? t('floorPlanCurrent', {
          size: `${currentMap.width} × ${currentMap.height} px`,
          format: imageFormatName(currentMap.mimeType),
        })
      : null;

  return (
    <Stack gap="xs">
      {shownUrl && (
        <Paper withBorder radius="md" className={classes.previewFrame}>
          <Image src={shownUrl} alt={t('floorPlanPreview')} fit="contain" h={200} />
        </Paper>
      )}
      {caption && (
        <Text fz="sm" c="dimmed">
          {caption}
        </Text>
      )}
      <div
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Group gap="sm" justify="center" wrap="wrap">
          <IconPhotoUp size={22} aria-hidden />
          <Text fz="sm">{t('dropFloorPlan')}</Text>
          <FileButton resetRef={resetInput} onChange={(chosen) => void accept(chosen)} accept={FLOOR_PLAN_ACCEPT}>
            {(props) => (
              <Button {...props} variant="default" size="xs">
                {currentMap || file ? t('replaceFloorPlan') : t('chooseFile')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onFile(null)}
            >
              {t('keepCurrentFloorPlan')}
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed" ta="center" mt={6}>
          {t('floorPlanFormats', { mb: FLOOR_PLAN_MAX_MB })}
        </Text>
      </div>
      {checking && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text fz="sm">{t('floorPlanChecking')}</Text>
        </Group>
      )}
      <div role="alert">
        {problem && (
          <Text fz="sm" c="var(--mantine-color-error)" fw={500}>
            {problem}
          </Text>
        )}
      </div>
    </Stack>
  );
}
