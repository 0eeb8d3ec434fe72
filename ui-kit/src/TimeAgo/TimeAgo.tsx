import { useEffect, useState } from 'react';
import { formatDate, formatClock, timeAgo } from './timeAgoText.ts';

export type TimeAgoProps = {
  /** A Date or anything Date accepts (ISO string, epoch ms). */
  date: Date | string | number;
  /** Fix the reference time (tests, stories); otherwise the text refreshes every 10 s. */
  now?: Date;
};

/** A <time> element with the spec's time-ago text and the exact date as its title. */
export function TimeAgo({ date, now }: TimeAgoProps) {
  const [tick, setTick] = useState(() => new Date());
  useEffect(() => {
    if (now) return;
    const timer = setInterval(() => setTick(new Date()), 10_000);
    return () => clearInterval(timer);
  }, [now]);
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return <span>-</span>;
  return (
    <time dateTime={value.toISOString()} title={`${formatDate(value)} ${formatClock(value)}`}>
      {timeAgo(value, now ?? tick)}
    </time>
  );
}
