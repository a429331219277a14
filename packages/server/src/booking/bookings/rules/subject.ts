import { ErrorCode } from '@perch/contract';
import { violation, type RuleViolation } from './types.js';

/** 1010: a space that needs a subject gets one of at least 3 characters (unless subjects are off). */
export function subjectRequired(
  subject: string,
  requireSubject: boolean,
  subjectDefault: number,
): RuleViolation | null {
  if (subjectDefault === 1 || !requireSubject) return null;
  return subject.trim().length < 3
    ? violation(ErrorCode.BookingSubjectRequired, 'This space needs a subject of at least 3 characters')
    : null;
}

/** 1012: a subject is empty or at least 3 characters, and never contains "@@@". */
export function subjectValid(subject: string): RuleViolation | null {
  const t = subject.trim();
  if ((t.length > 0 && t.length < 3) || subject.includes('@@@'))
    return violation(ErrorCode.BookingInvalidSubject, 'The subject must be empty or at least 3 characters');
  return null;
}
