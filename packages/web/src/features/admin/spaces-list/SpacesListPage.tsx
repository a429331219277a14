import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Location, Space } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { IconArmchair, IconCopy, IconDownload, IconMap2, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { NotFoundPage } from '../../../shared/system-pages/NotFoundPage';
import { sortNaturally } from '../../../shared/text/natural-order';
import { useArea } from '../api/area-queries';
import { isNotFound } from '../api/is-not-found';
import { adminKeys } from '../api/query-keys';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { areaFreeNowUrl, qrCodePng, qrCodeSvg, qrFileName, spaceBookingUrl, svgDataUrl } from './space-links';
import classes from './spaces-list.module.css';
import { saveBlob } from '../../../shared/download/download-file';
import { PageLoader } from '../../../shared/ui/Loaders';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useApiErrorMessage } from '../../../app/use-api-error-message';

/** A space with its booking link and QR code, ready to show and print. */
interface SpaceCode {
  space: Space;
  url: string;
  svg: string;
  image: string;
}

/** The area's spaces, loaded afresh whenever the page opens (another admin may have changed them). */
function useAreaSpaces(areaId: string) {
  return useApiQuery(
    adminKeys.spaces(areaId),
    (client) => client.call(routes.space.list, { params: { locationId: areaId } }),
    {
      refetchOnMount: 'always',
    },
  );
}

/** The check-in tokens of the area's spaces, which their codes carry. */
function useCheckInTokens(areaId: string) {
  return useApiQuery(
    [...adminKeys.spaces(areaId), 'checkin-tokens'],
    (client) => client.call(routes.space.checkInTokens, { params: { locationId: areaId } }),
    { refetchOnMount: 'always' },
  );
}

function useSpaceCodes(
  area: Location | undefined,
  spaces: readonly Space[] | undefined,
  tokens: readonly { spaceId: string; token: string }[] | undefined,
  language: string,
) {
  return useMemo<SpaceCode[]>(() => {
    if (!area || !spaces || !tokens) return [];
    const tokenOf = new Map(tokens.map((t) => [t.spaceId, t.token]));
    return sortNaturally(spaces, (s) => s.name, language).map((space) => {
      const url = spaceBookingUrl(window.location.origin, area.id, space.id, tokenOf.get(space.id));
      const svg = qrCodeSvg(url);
      return { space, url, svg, image: svgDataUrl(svg) };
    });
  }, [area, spaces, tokens, language]);
}

/** Marks the page for printing while it is open: the print style shows only the sheet of codes. */
function usePrintSheet(): void {
  useEffect(() => {
    document.body.setAttribute('data-print-qr-sheet', '');
    return () => document.body.removeAttribute('data-print-qr-sheet');
  }, []);
}

/** What is printed when only the area's code is asked for. */
const AREA_CODE = 'area';

/** The area's own code, for its entrance. */
interface AreaCode {
  url: string;
  svg: string;
  image: string;
}

function useAreaCode(area: Location | undefined): AreaCode | null {
  return useMemo(() => {
    if (!area) return null;
    const url = areaFreeNowUrl(window.location.origin, area.id);
    const svg = qrCodeSvg(url);
    return { url, svg, image: svgDataUrl(svg) };
  }, [area]);
}

/** Saves a code as a PNG, or as SVG where the browser cannot draw one. */
async function downloadCode(svg: string, areaName: string, name: string): Promise<void> {
  try {
    saveBlob(await qrCodePng(svg, 1200), qrFileName(areaName, name, 'png'));
  } catch {
    saveBlob(new Blob([svg], { type: 'image/svg+xml' }), qrFileName(areaName, name, 'svg'));
  }
}

/** Copies a link, saying whether it worked. */
function copyLink(url: string, copied: string, failed: string, closeLabel: string): Promise<void> {
  const closeButtonProps = { 'aria-label': closeLabel };
  return navigator.clipboard.writeText(url).then(
    () => void notifications.show({ color: 'teal', message: copied, closeButtonProps }),
    () => void notifications.show({ color: 'red', message: failed, closeButtonProps }),
  );
}

interface PrintSheetProps {
  area: Location;
  areaCode: AreaCode;
  codes: readonly SpaceCode[];
  /** Only this space's card (or the area's, `AREA_CODE`), when one code is printed. */
  onlySpaceId: string | null;
}

/**
 * The printed sheet: the area's code for its entrance, then one card per space with its code,
 * its name, the area and what to do.
 */
function PrintSheet({ area, areaCode, codes, onlySpaceId }: PrintSheetProps) {
  const { t } = useTranslation();
  const shown = onlySpaceId ? codes.filter((c) => c.space.id === onlySpaceId) : codes;
  const withArea = onlySpaceId === null || onlySpaceId === AREA_CODE;
  return createPortal(
    // Paper only: on screen the cards above say the same, so assistive technology skips the sheet.
    <div
      className={classes.sheet}
      data-testid="qr-print-sheet"
      data-single={onlySpaceId ? '' : undefined}
      aria-hidden="true"
    >
      {withArea && (
        <section className={classes.printCard} data-print-card>
          <img className={classes.printCode} src={areaCode.image} alt={t('areaCodeAlt', { area: area.name })} />
          <p className={classes.printSpace}>{area.name}</p>
          <p className={classes.printHint}>{t('areaCodeScanHint')}</p>
        </section>
      )}
      {shown.map(({ space, image }) => (
        <section key={space.id} className={classes.printCard} data-print-card>
          <img className={classes.printCode} src={image} alt={t('qrCodeAlt', { name: space.name, area: area.name })} />
          <p className={classes.printSpace}>{space.name}</p>
          <p className={classes.printArea}>{area.name}</p>
          <p className={classes.printHint}>{t('qrScanToBook')}</p>
        </section>
      ))}
    </div>,
    document.body,
  );
}

interface SpaceCardProps {
  area: Location;
  code: SpaceCode;
  onPrint: (spaceId: string) => void;
}

/** Gives a space's code a new token: printed codes of it stop checking people in. */
function useRotateCheckInToken(areaId: string) {
  return useApiMutation(
    (client, spaceId: string) =>
      client.call(routes.space.rotateCheckInToken, { params: { locationId: areaId, id: spaceId } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: [...adminKeys.spaces(areaId), 'checkin-tokens'] }),
  );
}

function SpaceCard({ area, code, onPrint }: SpaceCardProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const { space, url, svg, image } = code;
  const [downloading, setDownloading] = useState(false);
  const rotate = useRotateCheckInToken(area.id);
  const closeButtonProps = { 'aria-label': t('close') };

  const askRotate = () =>
    modals.openConfirmModal({
      title: t('qrRotateTitle', { name: space.name }),
      children: <Text>{t('qrRotateBody')}</Text>,
      labels: { confirm: t('qrRotate'), cancel: t('cancel') },
      closeButtonProps,
      confirmProps: { color: 'red' },
      onConfirm: () =>
        rotate.mutate(space.id, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: t('qrRotated', { name: space.name }), closeButtonProps }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('qrRotateFailed'),
              message: errorMessage(error),
              closeButtonProps,
              autoClose: 10_000,
            }),
        }),
    });

  const copy = () => copyLink(url, t('spaceLinkCopied', { name: space.name }), t('spaceLinkNotCopied'), t('close'));

  const download = () => {
    setDownloading(true);
    void downloadCode(svg, area.name, space.name).finally(() => setDownloading(false));
  };

  return (
    <Paper withBorder radius="lg" p="md" component="li" className={classes.card}>
      <img className={classes.code} src={image} alt={t('qrCodeAlt', { name: space.name, area: area.name })} />
      <Stack gap={6} miw={0} className={classes.cardBody}>
        <Group gap="xs" wrap="wrap">
          <Title order={2} fz="h4" className={classes.name}>
            {space.name}
          </Title>
          {!space.enabled && (
            <Badge variant="light" color="gray">
              {t('disabled')}
            </Badge>
          )}
        </Group>
        <Anchor href={url} fz="sm" className={classes.link}>
          {url}
        </Anchor>
        <Group gap="xs" mt={4}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCopy size={14} aria-hidden />}
            onClick={() => void copy()}
            aria-label={t('spaceCopyLinkOf', { name: space.name })}
          >
            {t('spaceCopyLink')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => onPrint(space.id)}
            aria-label={t('qrPrintOneOf', { name: space.name })}
          >
            {t('qrPrintOne')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={downloading}
            onClick={download}
            aria-label={t('qrDownloadOf', { name: space.name })}
          >
            {t('qrDownload')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={rotate.isPending}
            onClick={askRotate}
            aria-label={t('qrRotateOf', { name: space.name })}
          >
            {t('qrRotate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The area's code: for its entrance, showing what is free there now. */
function AreaCodeCard({ area, code, onPrint }: { area: Location; code: AreaCode; onPrint: () => void }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const title = t('areaCodeTitle');
  const download = () => {
    setDownloading(true);
    void downloadCode(code.svg, area.name, title).finally(() => setDownloading(false));
  };
  const copy = () => copyLink(code.url, t('areaCodeLinkCopied'), t('spaceLinkNotCopied'), t('close'));

  return (
    <Paper withBorder radius="lg" p="md" component="section" className={classes.card} aria-labelledby="area-code-title">
      <img className={classes.code} src={code.image} alt={t('areaCodeAlt', { area: area.name })} />
      <Stack gap={6} miw={0} className={classes.cardBody}>
        <Title order={2} fz="h4" id="area-code-title">
          {title}
        </Title>
        <Text fz="sm">{t('areaCodeIntro', { area: area.name })}</Text>
        <Anchor href={code.url} fz="sm" className={classes.link}>
          {code.url}
        </Anchor>
        <Group gap="xs" mt={4}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCopy size={14} aria-hidden />}
            onClick={() => void copy()}
            aria-label={t('areaCodeCopy')}
          >
            {t('spaceCopyLink')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={onPrint}
            aria-label={t('areaCodePrint')}
          >
            {t('qrPrintOne')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={downloading}
            onClick={download}
            aria-label={t('areaCodeDownload')}
          >
            {t('qrDownload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `/admin/areas/:areaId/spaces`: every space of an area with its booking link and a printable QR code. */
export function SpacesListPage() {
  const { areaId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const area = useArea(areaId);
  const spaces = useAreaSpaces(areaId);
  const tokens = useCheckInTokens(areaId);
  const codes = useSpaceCodes(area.data, spaces.data, tokens.data, i18n.language);
  const areaCode = useAreaCode(area.data);
  const [printOnly, setPrintOnly] = useState<string | null>(null);
  const [printRequest, setPrintRequest] = useState(0);
  usePrintSheet();

  // Print once the sheet shows what was asked for (all codes, or one); afterwards, all again.
  useEffect(() => {
    if (printRequest === 0) return;
    const reset = () => setPrintOnly(null);
    window.addEventListener('afterprint', reset, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', reset);
  }, [printRequest]);

  const print = useCallback((spaceId: string | null) => {
    setPrintOnly(spaceId);
    setPrintRequest((n) => n + 1);
  }, []);

  if (area.isError && isNotFound(area.error)) return <NotFoundPage />;
  const failed = [area, spaces, tokens].find((q) => q.isError);
  const ready = area.isSuccess && spaces.isSuccess && tokens.isSuccess;
  const areaName = area.data?.name ?? t('loading');

  return (
    <AdminPage
      title={t('spacesAndQrCodes')}
      description={area.data ? t('spacesListDescription', { area: area.data.name }) : undefined}
      trail={[
        { label: t('navAdminAreas'), to: '/admin/areas' },
        { label: areaName, to: `/admin/areas/${areaId}` },
      ]}
      actions={
        ready &&
        codes.length > 0 && (
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => print(null)}>
            {t('qrPrintAll')}
          </Button>
        )
      }
    >
      {failed && <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />}
      {!ready && !failed && <PageLoader />}
      {ready && codes.length === 0 && (
        <EmptyState
          Icon={IconArmchair}
          title={t('spacesListEmptyTitle')}
          body={t('spacesListEmptyBody')}
          action={
            <Button
              component={Link}
              to={`/admin/areas/${areaId}?tab=plan`}
              leftSection={<IconMap2 size={18} aria-hidden />}
            >
              {t('spacesListOpenPlan')}
            </Button>
          }
        />
      )}
      {ready && area.data && codes.length > 0 && (
        <Stack gap="sm">
          {areaCode && <AreaCodeCard area={area.data} code={areaCode} onPrint={() => print(AREA_CODE)} />}
          <Text fz="sm" c="dimmed">
            {t('spacesListCount', { count: codes.length })}
          </Text>
          <SimpleGrid component="ul" cols={{ base: 1, md: 2, xl: 3 }} spacing="md" className={classes.grid}>
            {codes.map((code) => (
              <SpaceCard key={code.space.id} area={area.data} code={code} onPrint={print} />
            ))}
          </SimpleGrid>
          {areaCode && <PrintSheet area={area.data} areaCode={areaCode} codes={codes} onlySpaceId={printOnly} />}
        </Stack>
      )}
    </AdminPage>
  );
}
