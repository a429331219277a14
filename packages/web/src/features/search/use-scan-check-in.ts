import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { useMyBookings } from '../../shared/api/booking-queries';
import { useCheckIn } from '../../shared/api/check-in-queries';
import type { SpaceAvailability } from '@perch/contract';
import { fitWalkUpWindow, type BookingWindow } from './time/booking-window';
import type { SearchState } from './use-search-state';

/** The longest a check-in window opens before the start: 12 hours. */
const LONGEST_WINDOW_MS = 12 * 3_600_000;

/**
 * A scanned space code (`sid` with the space's token `t`): the person stands at the space. When
 * they have a booking there that has started or starts soon, they are checked in with the token
 * (the server decides whether the window is open, and says why not). Without one, it is a
 * walk-up (`walkUp`): the space, ready to be booked from now until the end of the working day,
 * or, when it is taken, the free ones nearest to it. The token leaves the
 * address once it was used, so a reload or a shared link does not check in again.
 */
export function useScanCheckIn(spaceId: string | null, walkUp: () => unknown): void {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [params, setParams] = useSearchParams();
  const token = params.get('t');
  const myBookings = useMyBookings();
  const checkIn = useCheckIn();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !spaceId || !myBookings.isSuccess || handled.current === token) return;
    handled.current = token;
    const dropToken = () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('t');
          return next;
        },
        { replace: true },
      );
    // Bookings come as the area's wall clock; compared as instants, a few hours' difference of
    // zones cannot turn a booking of another day into today's.
    const now = Date.now();
    const booking = myBookings.data.find(
      (b) =>
        b.spaceId === spaceId &&
        Date.parse(b.leave) > now &&
        Date.parse(b.enter) - LONGEST_WINDOW_MS <= now &&
        !b.releasedAt,
    );
    if (!booking) {
      walkUp();
      return;
    }
    const closeButtonProps = { 'aria-label': t('close') };
    checkIn.mutate(
      { id: booking.id, token },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t('scanCheckedIn', { name: booking.space.name }),
            closeButtonProps,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('checkInFailedTitle'),
            message: errorMessage(error),
            closeButtonProps,
            autoClose: 10_000,
          }),
        onSettled: dropToken,
      },
    );
    // `walkUp` is read when the code is handled, once; it must not re-run the effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, spaceId, myBookings.isSuccess, myBookings.data, checkIn, t, errorMessage, setParams]);
}

/**
 * The walk-up of a scanned free space: the window from now until the end of the working day,
 * then, once the space's bookings in it have arrived, shortened to end where the next one
 * begins, so the booking the panel offers is one the server takes. A space taken now keeps the
 * window (its panel offers the free spaces nearby).
 */
export function useWalkUp(
  state: Pick<SearchState, 'spaceId' | 'window' | 'walkUp' | 'setWindow'>,
  availability: { data?: readonly SpaceAvailability[]; isPlaceholderData: boolean },
  dailyBasis: boolean,
): () => void {
  const pending = useRef<{ spaceId: string | null; window: BookingWindow } | null>(null);
  const { window, setWindow } = state;
  useEffect(() => {
    const walkUp = pending.current;
    if (!walkUp || !availability.data || availability.isPlaceholderData) return;
    // An answer for another window (the one before the walk-up) says nothing about this one.
    if (window.enter !== walkUp.window.enter || window.leave !== walkUp.window.leave) return;
    pending.current = null;
    const space = availability.data.find((s) => s.id === walkUp.spaceId);
    const fitted = space ? fitWalkUpWindow(walkUp.window, space.bookings, dailyBasis) : null;
    if (fitted && fitted !== walkUp.window) setWindow(fitted);
  }, [availability.data, availability.isPlaceholderData, window, setWindow, dailyBasis]);
  return () => {
    pending.current = { spaceId: state.spaceId, window: state.walkUp() };
  };
}
