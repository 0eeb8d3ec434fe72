const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** HH:MM in local time. */
export function formatClock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** YYYY-MM-DD in local time. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The spec's time-ago text (part 1 section 4): under 5 s 'now'; under 60 s seconds; under 90 s
 * 'about a minute ago'; then minutes under 60; hours under 22; then Today / Yesterday / date.
 * Times in the future read 'now'.
 */
export function timeAgo(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < 5 * second) return 'now';
  if (elapsed < minute) return `${Math.floor(elapsed / second)} seconds ago`;
  if (elapsed < 90 * second) return 'about a minute ago';
  if (elapsed < hour) return `${Math.min(59, Math.max(2, Math.round(elapsed / minute)))} minutes ago`;
  if (elapsed < 22 * hour) {
    const hours = Math.floor(elapsed / hour);
    return hours === 1 ? 'an hour ago' : `${hours} hours ago`;
  }
  if (sameDay(date, now)) return `Today at ${formatClock(date)}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday at ${formatClock(date)}`;
  return formatDate(date);
}
