import { Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { routes } from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useApiClient } from '../../../shared/api/use-api-client';
import { ChartCard } from './ChartCard';
import { defaultExportRange, exportFileName, exportQuery, exportRangeProblem } from './export-range';
import { saveCsvFile } from '../../../shared/csv/csv';
import { DateRangeField } from '../../../shared/ui/DateRangeField';
import { DownloadButton } from '../../../shared/ui/DownloadButton';

/** Downloads the bookings of a range of days as CSV. */
export function CsvExportCard() {
  const { t } = useTranslation();
  const client = useApiClient();
  const errorMessage = useApiErrorMessage();
  const [range, setRange] = useState(() => defaultExportRange(new Date()));
  const [busy, setBusy] = useState(false);
  const problem = exportRangeProblem(range.from, range.to);

  const download = async () => {
    if (problem) return;
    setBusy(true);
    try {
      const res = await client.callResponse(routes.booking.export, { query: exportQuery(range.from, range.to) });
      const text = typeof res.data === 'string' ? res.data : '';
      saveCsvFile(text, exportFileName(res.headers.get('content-disposition'), range.from, range.to));
    } catch (error) {
      notifications.show({ color: 'red', title: t('exportFailed'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChartCard id="export-bookings" title={t('exportBookings')} description={t('exportBookingsHint')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void download();
        }}
        noValidate
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <DateRangeField
            fromLabel={t('exportFrom')}
            toLabel={t('exportTo')}
            value={range}
            onChange={(end, day) => setRange((r) => ({ ...r, [end]: day }))}
            error={problem ? t(problem.key) : undefined}
            required
            width={180}
          />
          <DownloadButton
            type="submit"
            variant="filled"
            mt={{ base: 0, xs: 25 }}
            loading={busy}
            disabled={problem !== null}
          />
        </Group>
      </form>
    </ChartCard>
  );
}
