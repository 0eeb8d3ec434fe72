import { expect, test } from './fixtures.ts';

test('the product comes up: health is green and the console shows its shell', async ({
  page,
  request,
  server,
}) => {
  const health = await request.get(`${server.url}/api/health`);
  expect(health.status()).toBe(200);
  const body = await health.json();
  expect(body).toMatchObject({ statusCode: 200, data: { chainId: 31337, database: expect.any(String) } });
  expect(body.data.blockNumber).toBeGreaterThanOrEqual(0);

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
});
