import { IconBan, IconCheck, IconCircleHalf2, IconHeart, IconUser, IconX, type Icon } from '@tabler/icons-react';
import type { MessageKey } from '../../i18n';
import type { SpaceStatus } from './space-status';

/** Each status has a shape as well as a colour, so it never depends on colour alone. */
export const STATUS_ICON: Record<SpaceStatus, Icon> = {
  available: IconCheck,
  booked: IconX,
  mine: IconUser,
  buddy: IconHeart,
  partial: IconCircleHalf2,
  disallowed: IconBan,
};

export const STATUS_LABEL: Record<SpaceStatus, MessageKey> = {
  available: 'statusAvailable',
  booked: 'statusBooked',
  mine: 'statusMine',
  buddy: 'statusBuddy',
  partial: 'statusPartial',
  disallowed: 'statusDisallowed',
};
