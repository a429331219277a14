import { releaseNoShows } from '../booking/check-in/index.js';
import type { Job } from './scheduler.js';

/** Every 30 seconds: releases the bookings nobody checked in to by their deadline. */
export const noShowReleaseJob: Job = {
  name: 'no-show-release',
  intervalSeconds: 30,
  async run(deps) {
    await releaseNoShows(deps);
  },
};
