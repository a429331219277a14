import type { UserMe } from '@perch/contract';

/**
 * An account the team wiki made (its wiki identity is its address, as the reference checks:
 * `email == atlassianId`). It may ask to be merged into a regular account. A regular account that
 * took a wiki account over carries that wiki identity too, but under another address: it is the
 * regular one and is not offered the merge.
 */
export const isWikiAccount = (user: UserMe): boolean =>
  user.atlassianId !== '' && user.atlassianId.toLowerCase() === user.email.toLowerCase();
