// The read /Whitelists makes first, light enough for the console's entry (app/router.tsx starts it at start, before
// the page's code has loaded; lib/api.ts's callEarly).
import { callEarly } from '../../lib/api.ts';

export function startWhitelistsCalls(): void {
  callEarly('listWhitelists');
}
