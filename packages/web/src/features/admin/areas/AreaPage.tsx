import { useParams } from 'react-router';
import { AreaEditor } from './AreaEditor';

/** `/admin/areas/new` and `/admin/areas/:areaId`; a fresh editor for each area. */
export function AreaPage() {
  const { areaId } = useParams();
  return <AreaEditor key={areaId ?? 'new'} areaId={areaId} />;
}
