import type { Group, Page as ListPage, ResourceRecord } from '@dnx/shared';
import { apiAs, availableRegions, uniqueEmail } from './support/access';
import { expect, signIn, test, useSession } from './support/fixtures';

const password = 'Ikiresurs2024';

/**
 * Screens that serve two resources or two actions check the permission of what the address opens: special
 * transport types are edited on transport-types-edit/{pk}?resource=special-transport-types, and
 * carrier-form/new creates while carrier-form/{pk} edits.
 */
test('a user holding only the special types and carrier creation opens exactly those screens', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await useSession(page, 'admin@demo.az');
  const api = await apiAs(page);
  const all = await api.get<{ id: number; code: string }[]>('/api/user/permissions/');
  const held = ['view_specialtransporttype', 'change_specialtransporttype', 'view_carrier', 'add_carrier'];
  const group = await api.post<Group>('/api/user/groups/', {
    name: `Xüsusi növlər ${Date.now().toString(36)}`,
    permissions: all.filter((p) => held.includes(p.code)).map((p) => p.id),
  });
  const email = uniqueEmail('special');
  const [region] = await availableRegions(page);
  await api.post('/api/user/users/create-account/', {
    email,
    password,
    confirm_password: password,
    first_name: 'Xüsusi',
    last_name: 'Redaktor',
    parent_name: 'Test',
    phone: '+994501112255',
    date_of_birth: '1988-03-12',
    region: region!.id,
    groups: [group.id],
    user_permissions: [],
  });
  const first = async (path: string) => (await api.get<ListPage<ResourceRecord>>(`${path}?per_page=1`)).results[0]!;
  const special = await first('/api/special-transport-types/');
  const plain = await first('/api/transport-types/');
  const carrier = await first('/api/carriers/');

  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const user = await context.newPage();
  await signIn(user, email, password);
  const forbidden = user.getByText('Giriş qadağandır');
  const form = user.getByTestId('resource-form-page');

  // From the special types' list, its edit link opens the shared edit screen for the special type.
  await user.goto('/app/special-transport-types');
  await user
    .getByRole('row')
    .filter({ hasText: String(special.name) })
    .getByRole('link', { name: /Redaktə et/ })
    .click();
  await expect(user).toHaveURL(
    new RegExp(`/app/transport-types-edit/${special.id}\\?resource=special-transport-types$`),
  );
  await expect(form).toHaveAttribute('data-resource', 'special-transport-types');
  await expect(user.getByLabel('Ad', { exact: true })).toHaveValue(String(special.name));
  await expect(forbidden).toHaveCount(0);

  // The same route for a plain transport type needs the transport type's permission, which this user lacks.
  await user.goto(`/app/transport-types-edit/${plain.id}`);
  await expect(forbidden).toBeVisible();
  await expect(form).toHaveCount(0);

  // carrier-form/new creates (add_carrier); carrier-form/{pk} edits (change_carrier, not held).
  await user.goto('/app/carrier-form/new');
  await expect(form).toHaveAttribute('data-resource', 'carriers');
  await expect(user.getByTestId('resource-form-save')).toBeVisible();
  await expect(forbidden).toHaveCount(0);
  await user.goto(`/app/carrier-form/${carrier.id}`);
  await expect(forbidden).toBeVisible();
  await expect(form).toHaveCount(0);

  // The server agrees: the special type's update is allowed, the plain type's and the carrier's are not.
  const token = await user.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  expect((await user.request.get(`/api/special-transport-types/${special.id}/`, { headers })).status()).toBe(200);
  expect((await user.request.put(`/api/transport-types/${plain.id}/`, { headers, data: {} })).status()).toBe(403);
  expect((await user.request.put(`/api/carriers/${carrier.id}/`, { headers, data: {} })).status()).toBe(403);
  await context.close();
});
