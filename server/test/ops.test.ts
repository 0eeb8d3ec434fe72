import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { createMetrics } from '../src/metrics/metrics.ts';

// The Prometheus alert rules and the Grafana dashboard of ops/ (issue 40), checked against the server's own series.
const ops = path.join(repoRoot, 'ops');
const alertsFile = path.join(ops, 'prometheus', 'alerts.yml');
const dashboardFile = path.join(ops, 'grafana', 'tranche.json');
// Where `node scripts/tranche.mjs test` (or `tools`) puts it: Debian's prometheus package, unpacked into .tools/.
const promtool =
  process.env.PROMTOOL_PATH ?? path.join(repoRoot, '.tools', 'prometheus', 'usr', 'bin', 'promtool');

function runPromtool(args: string[]) {
  if (!existsSync(promtool))
    throw new Error(
      `promtool is not at ${promtool}: \`node scripts/tranche.mjs tools\` installs it (npm test does).`,
    );
  const result = spawnSync(promtool, args, { cwd: path.join(ops, 'prometheus'), encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every series name the server exports (a histogram's as Prometheus stores them: _bucket, _sum, _count). */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await createMetrics().registry.getMetricsAsJSON()) {
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    else names.add(metric.name);
  }
  return names;
}

const seriesIn = (text: string) => new Set(text.match(/\btranche_[a-z0-9_]+\b/g) ?? []);

describe('ops/prometheus/alerts.yml', () => {
  it('passes promtool check rules', () => {
    const { status, output } = runPromtool(['check', 'rules', 'alerts.yml']);
    expect(output).toContain('SUCCESS: 11 rules found');
    expect(status).toBe(0);
  });

  it("passes its promtool unit tests: the alerts fire on a troubled Tranche's series, not on a healthy one", () => {
    const { status, output } = runPromtool(['test', 'rules', 'alerts.test.yml']);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('alerts on indexer lag, stuck transactions, queue age and failing webhooks, with series the server exports', async () => {
    const text = readFileSync(alertsFile, 'utf8');
    const used = seriesIn(text);
    for (const name of [
      'tranche_indexer_lag_blocks',
      'tranche_pending_transactions',
      'tranche_job_oldest_age_seconds',
      'tranche_webhook_endpoint_failing_seconds',
      'tranche_webhook_failures_total',
    ])
      expect(used).toContain(name);
    const exported = await exportedNames();
    for (const name of used) expect(exported, name).toContain(name);
  });
});

describe('ops/grafana/tranche.json', () => {
  type Panel = {
    type: string;
    title: string;
    gridPos: { x: number; y: number; w: number; h: number };
    datasource?: { type: string; uid: string };
    targets?: { expr: string }[];
  };
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as {
    uid: string;
    title: string;
    panels: Panel[];
    templating: { list: { name: string; type: string }[] };
  };

  it('charts every named series, and only series the server exports', async () => {
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    const used = seriesIn(exprs.join('\n'));
    for (const name of [
      'tranche_http_requests_total',
      'tranche_http_request_duration_seconds_bucket',
      'tranche_http_errors_total',
      'tranche_indexer_lag_blocks',
      'tranche_chain_head_block',
      'tranche_jobs_queued',
      'tranche_job_oldest_age_seconds',
      'tranche_webhook_failures_total',
      'tranche_pending_transactions',
      'tranche_login_failures_total',
      'tranche_throttled_requests_total',
      'tranche_db_pool_connections',
    ])
      expect(used).toContain(name);
    const exported = await exportedNames();
    for (const name of used) expect(exported, name).toContain(name);
  });

  it('is an importable dashboard: a Prometheus data source to choose, panels within the 24-column grid', () => {
    expect(dashboard.uid).toBe('tranche-operations');
    expect(dashboard.templating.list.map((v) => `${v.name}:${v.type}`)).toEqual([
      'datasource:datasource',
      'instance:query',
    ]);
    const charts = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(charts.length).toBeGreaterThanOrEqual(15);
    for (const panel of charts) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a JavaScript template
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
    }
    // No two panels on the same cells.
    const cells = new Set<string>();
    for (const { gridPos, title } of dashboard.panels)
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x++)
        for (let y = gridPos.y; y < gridPos.y + gridPos.h; y++) {
          expect(cells.has(`${x},${y}`), title).toBe(false);
          cells.add(`${x},${y}`);
        }
  });
});
