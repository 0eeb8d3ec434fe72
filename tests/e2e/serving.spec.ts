// Production serving of the built console: per-route byte budgets from the build manifest, what a first visit of each
// route fetches, precompressed assets and cache headers. Byte counts, not timings: the figures do not depend on the
// machine (speed is measured by `pnpm bench lighthouse`). Needs `pnpm --filter @tranche/console build` first.
import {
  type HeavyLibrary,
  gzipBytes,
  heavyLibrariesIn,
  initialFiles,
  readManifest,
  routeModules,
} from './bundle.ts';
import { type APIRequestContext, type Browser, test as buildTest } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createAccount, loginInBrowser } from './helpers.ts';

const kB = 1000;
/**
 * Initial JavaScript, gzip bytes, per route: a ratchet a little above what the build reaches today (124.4 kB for
 * /Login and 140.3 kB for /Tokens, the entry now holding the loaders of the answer schemas' groups so that a first
 * call fetches its group at once; 123 and 138 kB before that, 185 and 190 kB before the route schemas left the entry chunk for a chunk loaded with the
 * first call and react-router's declarative mode replaced its data router, 153 and 141 kB before the sign-in form's
 * schema and zod left /Login's first load), so that a heavy import added to these routes (ethers alone is ~90 kB)
 * fails here. Issue 19 asks for 90 kB and 150 kB; /Login's own needs exceed 90 kB: react-dom with scheduler (64 kB
 * gzip alone), react-router (13 kB) and react-hook-form (15 kB) for its form.
 */
const budgets: Partial<Record<keyof typeof routeModules, number>> = {
  // 127.35 kB since the merges of 2026-11-27 (issues 34, 37): the shell restores the last wallet connection and shows
  // the wallet chip, and the dashboard's lazy chunk split the amount formatter into a shared chunk (one script more).
  // 128.41 kB after the afternoon's merges (the routes table and messages above, and the split shared chunk).
  // 127.74 kB since issue 37's bundle work (2026-11-27): the notification popover (ui-kit Toaster) loads just after
  // the first paint, and the entry no longer carries the wallet selector's atoms (forgetWalletAtom sits with the
  // wallet atoms), 0.67 kB less. Still 0.34 kB above the 127.4 kB before the afternoon: react-router stays a chunk of
  // its own beside the entry (0.74 kB of it the split itself), which the bundler keeps apart for a reason not found.
  '/Login': 128 * kB,
  // 142.03 kB since issue 34 (2026-11-27): the token list shows amounts through the one formatter and addresses
  // through the one Address component (copy button, tooltip, explorer link), 1.6 kB more than the 140.4 kB before.
  // 146.17 kB after the merges of 2026-11-27 (the shell's wallet restore and chip, as /Login).
  // 147.63 kB after the afternoon's merges (as /Login).
  // 137.41 kB since issue 37's bundle work (2026-11-27): the texts the Tokens page draws are a module of their own
  // (api/src/tokenListMessages.ts), so the route no longer loads every screen's texts (messages.ts, 10.2 kB gzip):
  // 9.6 kB less, and 0.6 kB with /Login's shell.
  '/Tokens': 138 * kB,
  // 264.20 kB since issue 37 (2026-11-27): the entry holds the theme choice (System, Light, Dark) and the loading
  // Skeleton the frame shows while a page's code arrives, 0.69 kB more than the 263.51 kB before (/Login 125.67 and
  // /Tokens 142.77 kB stay under theirs). 349 kB while the token page carried ethers' providers and ABI coder (77 kB
  // gzip), which now load with a wallet's first read or a transaction.
  // 271.93 kB after the merges of 2026-11-27: the version 2 card (upgrade, owner, whitelist and scheme rotation,
  // issue 35), the holders' freeze and recovery panel (issue 36), the tab kept in ?tab= and the refresh after each
  // operation (issue 34), the what-if before Set rule (issue 39). 270.40 kB once the version 2 card and the
  // enforcement panel load only for version 2 tokens (their own chunks): 1.5 kB, less than hoped, because what they
  // use (TxWizard, the forms) the page loads anyway. The rest is the what-if and the refresh.
  // 271.92 kB since issue 34's holder picker (2026-11-27): the register combobox (ui-kit AddressCombobox) in Issue,
  // Force transfer, Controller redeem and the distribution's exclusions, the register search and the confirmation's
  // names, 1.5 kB more. Then the holders' Recovered column (issue 36, from the index; the rules-in-force words of
  // issue 38 in a module of their own). Loading the Controller tab and the Issue/Redeem panels in their own chunks
  // could win it back. 274.20 kB with My transactions' decoded effects (issue 34) merged the same day (their words
  // sit in the messages every route loads).
  // 277.14 kB after the merges of 2026-11-27's afternoon (measured against 274.15 kB before them): the Bulk tab went
  // to a chunk of its own (-2.1 kB), but the routes table and the messages every route loads grew with the reports,
  // the investor registry, KYC expiry, bulk freezes and the approvals' outcomes, the readiness line (issue 34) made
  // the page load the dtx and sharding answer schemas and the chain clock, and the bundler split a 13.5 kB shared
  // chunk out of the entry (one script more). A regression against issue 37's "the budget stays what it is", written
  // down in the stop's note: winning it back is the next bundle work.
  // 263.44 kB since that bundle work (2026-11-27): the sharded start dialog (the start request's schema, with the
  // dtx and sharding schemas) and the Distributions tab (its wizard, with the chain clock) load after the first
  // paint, through one module of the token page (tokens/components/lazyParts.ts). An import() of the pending and
  // distributions features' index files, which other chunks import statically, had made the bundler split the
  // entry's shared modules into eight chunks of their own (3 kB more on every route); importing them through one
  // module of the page does not. 13.7 kB less than 277.14, with /Tokens' texts and /Login's shell.
  '/TokenInfo': 264 * kB,
};

/**
 * The heavy libraries each route needs to render (the token page encodes partitions with ethers' small helpers, its
 * budget above keeping the rest of ethers out; its forms and the whitelist editor validate with zod).
 */
const needed: Record<keyof typeof routeModules, HeavyLibrary[]> = {
  '/Login': [],
  '/Tokens': [],
  '/TokenInfo': ['ethers', 'zod'],
  '/Whitelists': ['zod'],
};
/**
 * Loaded right after a route renders, so counted by the manifest check only: zod comes with the first API answer (the
 * answer schemas) and with the sign-in form's schema once the form is drawn.
 */
const fetchedAfterRender: HeavyLibrary[] = ['zod'];

/** The browser storage of a new account logged in through the console (what a returning user's browser holds). */
async function storedSession(browser: Browser, request: APIRequestContext, url: string) {
  const account = await createAccount(request, url);
  const context = await browser.newContext({ baseURL: url });
  await loginInBrowser(await context.newPage(), account.email, account.password);
  const session = await context.storageState();
  await context.close();
  return session;
}

// The manifest checks read the build only: no server.
buildTest(
  'the first load of /Login, /Tokens and /TokenInfo stays within its JavaScript budget (gzip, from the build manifest)',
  () => {
    const manifest = readManifest();
    for (const [route, budget] of Object.entries(budgets) as [keyof typeof routeModules, number][]) {
      const { js } = initialFiles(manifest, route);
      const total = js.reduce((sum, file) => sum + gzipBytes(file), 0);
      buildTest
        .info()
        .annotations.push({ type: route, description: `${js.length} scripts, ${total} bytes gzip` });
      expect(total, `${route} loads ${js.join(', ')}`).toBeLessThanOrEqual(budget);
    }
  },
);

buildTest(
  'no route loads pdf.js, Ledger, ethers or zod before it renders unless it needs them (from the build manifest)',
  () => {
    const manifest = readManifest();
    for (const route of Object.keys(routeModules) as (keyof typeof routeModules)[]) {
      const carried = initialFiles(manifest, route).js.flatMap((file) =>
        heavyLibrariesIn(file)
          .filter((library) => !needed[route].includes(library))
          .map((library) => `${library} in ${file}`),
      );
      expect(carried, route).toEqual([]);
    }
  },
);

test('a first visit of each route fetches only the heavy libraries it needs, and the scripts come compressed', async ({
  browser,
  request,
  server,
}) => {
  const session = await storedSession(browser, request, server.url);

  for (const route of Object.keys(routeModules) as (keyof typeof routeModules)[]) {
    // A new context per route: an empty HTTP cache, as on a first visit; the session kept except on /Login.
    const context = await browser.newContext({
      baseURL: server.url,
      ...(route === '/Login' ? {} : { storageState: session }),
    });
    const page = await context.newPage();
    const scripts: { file: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/\.m?js$/.test(url.pathname))
        scripts.push({ file: url.pathname.slice(1), encoding: response.headers()['content-encoding'] });
    });
    await page.goto(route === '/TokenInfo' ? '/TokenInfo?token=NONE' : route);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main')).toBeVisible();
    const fetched = scripts.flatMap(({ file }) =>
      heavyLibrariesIn(file)
        .filter((library) => !needed[route].includes(library) && !fetchedAfterRender.includes(library))
        .map((library) => `${library} in ${file}`),
    );
    expect(fetched, route).toEqual([]);
    expect(scripts.length, route).toBeGreaterThan(0);
    for (const { file, encoding } of scripts) expect(encoding, file).toMatch(/^(br|gzip)$/);
    await context.close();
  }
});

test("with a stored session, a first visit asks for the page's module and first data before the session check, once each, loads only its own answer schemas, and nothing shifts", async ({
  browser,
  request,
  server,
}) => {
  const session = await storedSession(browser, request, server.url);

  const manifest = readManifest();
  // The read each page makes first (router.tsx's firstCalls), started at start and taken by the page.
  const firstRead = { '/Tokens': '/api/projects/search', '/Whitelists': '/api/whitelist/list' } as const;
  // The groups of answer schemas (api/src/routes/<group>.ts) a first visit loads: the session check's, the pending
  // transactions', and those of the page's own reads (New Whitelist lists codebases and schemes); no other group's.
  const answerGroup = (group: string) => `/${manifest[`../api/src/routes/${group}.ts`]?.file ?? group}`;
  const loadsGroups = {
    '/Tokens': ['accounts', 'dtx', 'tokens'],
    '/Whitelists': ['accounts', 'drafts', 'dtx', 'rbac', 'whitelists'],
  } as const;
  const groups = Object.keys(manifest)
    .map((key) => /^\.\.\/api\/src\/routes\/(\w+)\.ts$/.exec(key)?.[1])
    .filter((group): group is string => group !== undefined && group !== 'define');
  for (const route of ['/Tokens', '/Whitelists'] as const) {
    const module = manifest[routeModules[route]]?.file ?? '';
    // A phone's width, where the logged-in navigation folds behind its Menu button (a late one would push the page down).
    const context = await browser.newContext({
      baseURL: server.url,
      storageState: session,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: route.slice(1) })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const moduleAt = requested.indexOf(`/${module}`);
    const authAt = requested.indexOf('/api/auth');
    expect(moduleAt, `${route}: ${requested.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(authAt, `${route}: ${requested.join(', ')}`).toBeGreaterThan(moduleAt);
    // The page's data is asked for beside its code, before the session check (not a round trip after it), and the
    // page takes that answer rather than asking again; the shell's pending transactions likewise.
    const reads = requested.filter((path) => path === firstRead[route]);
    expect(reads, `${route}: ${requested.join(', ')}`).toHaveLength(1);
    expect(requested.indexOf(firstRead[route]), `${route}: ${requested.join(', ')}`).toBeLessThan(authAt);
    expect(
      requested.filter((path) => path === '/api/dtx/pending'),
      route,
    ).toHaveLength(1);
    expect(groups.length, 'answer groups in the build').toBeGreaterThan(10);
    // Polled: the reads a tab makes on mount can leave after networkidle on a busy machine (more than half a second
    // between the page's code arriving and its render), which once failed here with drafts and rbac not yet asked.
    const loaded = () => groups.filter((group) => requested.includes(answerGroup(group)));
    await expect
      .poll(() => loaded().filter((group) => (loadsGroups[route] as readonly string[]).includes(group)), {
        message: `${route}: ${requested.join(', ')}`,
      })
      .toEqual(groups.filter((group) => (loadsGroups[route] as readonly string[]).includes(group)));
    // Besides those, only the configuration's (GET /config: the explorer links of the addresses a list shows, with
    // the one Address component since issue 34), asked only when the list has addresses to show.
    expect(
      loaded().filter((group) => !(loadsGroups[route] as readonly string[]).includes(group)),
      `${route}: ${requested.join(', ')}`,
    ).toEqual(loaded().includes('system') ? ['system'] : []);
    // The page, the navigation and the wallet strip render together once the session check has answered: nothing
    // arrives later to push the page down (issue 19's CLS budget is 0.02).
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      `${route} layout shifts ${shifts.join(', ')}`,
    ).toBeLessThanOrEqual(0.02);
    await context.close();
  }
});

test("assets are sent brotli-compressed to a browser that accepts br and cached for a year; pages are revalidated and name their route's scripts", async ({
  request,
  server,
}) => {
  const manifest = readManifest();
  const entry = manifest['index.html']?.file ?? '';
  const acceptsBr = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const script = await request.get(`${server.url}/${entry}`, { headers: acceptsBr });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-type']).toContain('javascript');

  const styles = initialFiles(manifest, '/Login').css;
  expect(styles.length).toBeGreaterThan(0);
  for (const file of styles) {
    const style = await request.get(`${server.url}/${file}`, { headers: acceptsBr });
    expect(style.headers()['cache-control'], file).toBe('public, max-age=31536000, immutable');
  }

  const worker = Object.values(manifest).find((chunk) => chunk.file.includes('pdf.worker'));
  const workerFile =
    worker?.file ??
    Object.values(manifest)
      .flatMap((chunk) => (chunk as { assets?: string[] }).assets ?? [])
      .find((file) => file.includes('pdf.worker'));
  expect(workerFile, 'the pdf.js worker is a built asset').toBeTruthy();
  const workerAnswer = await request.get(`${server.url}/${workerFile}`, { headers: acceptsBr });
  expect(workerAnswer.headers()['content-encoding']).toBe('br');
  expect(workerAnswer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // Each page names its route's module (and, for a page that needs a session, the logged-in navigation's), so that
  // the browser fetches them beside the entry, not once the entry has run.
  const preloaded = async (route: string) => {
    const html = await (await request.get(`${server.url}${route}`)).text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      (link) => link[1],
    );
  };
  const nav = manifest['src/features/shell/components/LoggedInNav.tsx']?.file;
  expect(nav, 'the logged-in navigation is a chunk of its own').toBeTruthy();
  for (const route of Object.keys(routeModules) as (keyof typeof routeModules)[]) {
    const links = await preloaded(route === '/TokenInfo' ? '/TokenInfo?token=TK1' : route);
    expect(links, route).toContain(manifest[routeModules[route]]?.file);
    if (route === '/Login') expect(links, route).not.toContain(nav);
    else expect(links, route).toContain(nav);
  }

  for (const route of ['/', '/Login', '/Tokens?term=TK']) {
    const html = await request.get(`${server.url}${route}`);
    expect(html.status(), route).toBe(200);
    expect(html.headers()['cache-control'], route).toBe('no-cache');
    const etag = html.headers().etag ?? '';
    expect(etag, route).not.toBe('');
    const again = await request.get(`${server.url}${route}`, { headers: { 'if-none-match': etag } });
    expect(again.status(), route).toBe(304);
  }
});

test('the page frame is drawn by the page itself, before any script runs, and the console replaces it', async ({
  browser,
  server,
}) => {
  // No scripts at all: what a phone shows while the console's scripts are still on their way.
  const bare = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  const waiting = await bare.newPage();
  await waiting.goto('/Tokens');
  const brand = waiting.getByText('Tranche', { exact: true });
  await expect(brand).toBeVisible();
  expect(await brand.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
  // Nothing in it to focus, click or take for a landmark.
  await expect(waiting.locator('a, button, input, nav, main, header')).toHaveCount(0);
  await bare.close();

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/Login');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.boot')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tranche' }),
  ).toBeVisible();
  await context.close();
});
