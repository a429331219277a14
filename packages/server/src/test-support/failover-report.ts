import type { Answer } from './booking-load.js';
import type { ServerProcess } from './process.js';

/**
 * What the failover tests print: how the requests during a failover were answered, and when a
 * test fails, which Perch process stopped answering when, and how each process ended.
 */

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The failed answers counted by kind: no HTTP answer (by reason), timed out, 503, other statuses. */
export function failureCounts(answers: readonly Answer[]): string {
  const failed = answers.filter((a) => a.status >= 500 || a.status <= 0);
  const unanswered = failed.filter((a) => a.status === 0);
  const reasons = new Map<string, number>();
  for (const a of unanswered) reasons.set(a.error ?? '?', (reasons.get(a.error ?? '?') ?? 0) + 1);
  const other = failed.filter((a) => a.status >= 500 && a.status !== 503);
  return (
    `${failed.length} requests failed: ${failed.filter((a) => a.status === 503).length} answered 503, ` +
    `${unanswered.length} unanswered${reasons.size ? ` (${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')})` : ''}, ` +
    `${failed.filter((a) => a.status === -1).length} timed out, ` +
    `${other.length} other${other.length ? ` (${[...new Set(other.map((a) => a.status))].join(', ')})` : ''}`
  );
}

/**
 * Per Perch process, the requests that got no HTTP answer (refused, reset or timed out), in
 * seconds after `since`: how many, from when to when, and how many in each second.
 */
export function unansweredTimeline(
  answers: readonly Answer[],
  servers: readonly ServerProcess[],
  since: number,
): string {
  const lines: string[] = [];
  for (const [i, s] of servers.entries()) {
    const none = answers.filter((a) => a.server === s.url && a.status <= 0).sort((a, b) => a.at - b.at);
    if (!none.length) {
      lines.push(`process ${i + 1}: every request answered`);
      continue;
    }
    const perSecond = new Map<number, number>();
    for (const a of none) {
      const sec = Math.floor((a.at - since) / 1000);
      perSecond.set(sec, (perSecond.get(sec) ?? 0) + 1);
    }
    const sent = (a: Answer) => a.at - a.ms - since;
    lines.push(
      `process ${i + 1}: ${none.length} unanswered, the first sent at ${seconds(sent(none[0]!))}, the last given up at ` +
        `${seconds(none.at(-1)!.at - since)}, the longest wait ${seconds(Math.max(...none.map((a) => a.ms)))}; per second: ` +
        [...perSecond].map(([sec, n]) => `${sec}s:${n}`).join(' '),
    );
    const answered = answers.filter((a) => a.server === s.url && a.status > 0 && a.at > none[0]!.at);
    if (answered.length) lines.push(`  answered again from ${seconds(answered[0]!.at - since)}`);
  }
  return lines.join('\n');
}

/** Each process's state (running, exit code or signal) and the last lines of its output. */
export function serverReport(servers: readonly ServerProcess[], lastLines = 50): string {
  return servers
    .map((s, i) => {
      const { exitCode, signalCode, pid } = s.proc;
      const state =
        exitCode !== null
          ? `exited with code ${exitCode}`
          : signalCode !== null
            ? `killed by ${signalCode}`
            : 'running';
      const tail = s.output().trimEnd().split('\n').slice(-lastLines).join('\n');
      return `--- process ${i + 1} (pid ${pid}, ${s.url}): ${state}; its last ${lastLines} lines of output:\n${tail}`;
    })
    .join('\n');
}

/** Per process, how long its slowest answer (or unanswered request) took. */
export function slowestAnswers(answers: readonly Answer[], servers: readonly ServerProcess[]): string {
  return servers
    .map((s, i) => {
      const own = answers.filter((a) => a.server === s.url);
      return `process ${i + 1} ${own.length ? seconds(Math.max(...own.map((a) => a.ms))) : '-'}`;
    })
    .join(', ');
}

/**
 * When and by which process the acknowledged bookings that are missing were acknowledged, in
 * seconds after `since`.
 */
export function lostTimeline(
  answers: readonly Answer[],
  lost: readonly string[],
  servers: readonly ServerProcess[],
  since: number,
): string {
  const missing = new Set(lost);
  const acks = answers.filter((a) => a.objectId !== undefined && missing.has(a.objectId));
  if (!acks.length) return `${lost.length} acknowledged bookings lost`;
  const lines = servers.map((s, i) => {
    const own = acks.filter((a) => a.server === s.url).sort((a, b) => a.at - b.at);
    return own.length
      ? `process ${i + 1} acknowledged ${own.length} of them from ${seconds(own[0]!.at - since)} to ${seconds(own.at(-1)!.at - since)}`
      : `process ${i + 1} acknowledged none of them`;
  });
  const kept = answers.filter((a) => a.objectId !== undefined && !missing.has(a.objectId)).map((a) => a.at - since);
  const around = (t: number) => kept.filter((k) => Math.abs(k - t) < 1000).length;
  const first = Math.min(...acks.map((a) => a.at - since));
  const last = Math.max(...acks.map((a) => a.at - since));
  return [
    `${lost.length} acknowledged bookings lost:`,
    ...lines,
    `kept bookings acknowledged within 1 s of the first lost one: ${around(first)}, of the last: ${around(last)}`,
  ].join('\n');
}
