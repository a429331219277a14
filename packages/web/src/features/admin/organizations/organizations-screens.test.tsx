import type { Domain, Organization } from '@perch/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeServer,
  json,
  ORG,
  renderApp,
  signedInRoutes,
  storeSession,
  user,
  type FakeRoutes,
} from '../../../test-support/render-app';

const superAdmin = user({ role: 90, superAdmin: true, admin: true, spaceAdmin: true });
const orgAdmin = user({ role: 20, admin: true, spaceAdmin: true });
const noContent = () => new Response(null, { status: 204 });
const created = (id: string) => new Response(null, { status: 201, headers: { 'x-object-id': id } });
const failure = (status: number) => json({ message: 'refused' }, status);

const own: Organization = {
  ...ORG,
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'contact@sample.example',
  language: 'en',
};
const acme: Organization = {
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Acme Widgets',
  firstname: 'Wile',
  lastname: 'Coyote',
  email: 'wile@acme.example',
  language: 'de',
};
const globex: Organization = {
  id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Globex',
  firstname: 'Hank',
  lastname: 'Scorpio',
  email: 'hank@globex.example',
  language: 'fr',
};

function domain(name: string, over: Partial<Domain> = {}): Domain {
  return {
    domain: name,
    active: true,
    verifyToken: `token-${name}`,
    primary: false,
    accessible: true,
    accessCheck: '2030-09-01T06:30:00Z',
    organizationId: ORG.id,
    ...over,
  };
}

const ownDomains = `/organization/${ORG.id}/domain/`;
const called = (server: ReturnType<typeof fakeServer>, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path);

function start(path: string, me: typeof superAdmin, routes: FakeRoutes) {
  storeSession();
  const server = fakeServer({ ...signedInRoutes(me), ...routes });
  renderApp(path, server);
  return server;
}

/** Fills the organisation form (empty fields stay as they are). */
function fillOrganization(values: Partial<Record<'name' | 'first' | 'last' | 'email', string>>) {
  const set = (label: RegExp, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
  };
  set(/Name of the organisation/, values.name);
  set(/First name/, values.first);
  set(/Last name/, values.last);
  set(/Contact email/, values.email);
}

describe('organisations (super admins)', { timeout: 20_000 }, () => {
  it('lists every organisation, filters by name and shows the navigation item', async () => {
    start('/admin/organizations', superAdmin, { 'GET /organization/': () => json([globex, own, acme]) });
    const table = await screen.findByRole('table', { name: 'Organisations' }, { timeout: 8000 });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Acme Widgets', 'Globex', 'Sample CompanyYour organisation']);
    const acmeRow = within(table).getByRole('row', { name: /Acme Widgets/ });
    expect(acmeRow.textContent).toContain('Wile Coyote');
    expect(acmeRow.textContent).toContain('wile@acme.example');
    expect(acmeRow.textContent).toContain('Deutsch');
    expect(screen.getByText('3 organisations')).toBeTruthy();
    // A super admin's own organisation cannot be deleted: no action is offered.
    const ownRow = within(table).getByRole('row', { name: /Sample Company/ });
    expect(within(ownRow).queryByRole('button', { name: 'Delete Sample Company' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search organisations' }), { target: { value: 'glob' } });
    expect(within(table).queryByRole('row', { name: /Acme/ })).toBeNull();
    expect(screen.getByText('1 organisation found')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Organisations' })).toBeTruthy();
  });

  it('is for super admins only', async () => {
    start('/admin/organizations', orgAdmin, { 'GET /organization/': () => json([own]) });
    expect(await screen.findByRole('heading', { name: "You don't have access" }, { timeout: 8000 })).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.queryByRole('link', { name: 'Organisations' })).toBeNull();
  });

  it('checks a new organisation before sending it and says what the server refused', async () => {
    let answer = failure(400);
    const server = start('/admin/organizations/new', superAdmin, {
      'POST /organization/': () => answer,
      [`GET /organization/${acme.id}`]: () => json(acme),
      [`GET /organization/${acme.id}/domain/`]: () => json([]),
    });
    const create = await screen.findByRole('button', { name: 'Create' }, { timeout: 8000 });
    fireEvent.click(create);
    expect((await screen.findAllByText('Please fill in this field.')).length).toBe(4);
    fillOrganization({ name: 'A', first: 'Wile', last: 'Coyote', email: 'not-an-address' });
    fireEvent.click(create);
    expect(await screen.findByText('Please enter at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Invalid email address.')).toBeTruthy();
    fillOrganization({ name: 'Acme {Widgets}' });
    fireEvent.click(create);
    expect(await screen.findByText(/Use 2–64 characters/)).toBeTruthy();
    expect(called(server, 'POST', '/organization/')).toHaveLength(0);

    fillOrganization({ name: ' Acme Widgets ', email: 'wile@acme.example' });
    fireEvent.change(screen.getByRole('combobox', { name: /Language/ }), { target: { value: 'de' } });
    fireEvent.click(create);
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('The organisation was not saved');
    expect(refused.textContent).toContain('The server did not accept these details.');
    expect(called(server, 'POST', '/organization/')[0]!.body).toEqual({
      name: 'Acme Widgets',
      firstname: 'Wile',
      lastname: 'Coyote',
      email: 'wile@acme.example',
      language: 'de',
    });

    answer = failure(409);
    fireEvent.click(create);
    expect(await screen.findByText('An organisation with these details exists already.')).toBeTruthy();

    answer = created(acme.id);
    fireEvent.click(create);
    // The new organisation's page, where its first domain is added.
    expect(await screen.findByRole('heading', { name: 'Acme Widgets', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No domains yet' })).toBeTruthy();
  });

  it('asks before deleting, names what is lost, then shows the code of the mailed link', async () => {
    const server = start('/admin/organizations', superAdmin, {
      'GET /organization/': () => json([own, acme]),
      [`DELETE /organization/${acme.id}`]: () => json({ code: '482913' }),
    });
    const row = await screen.findByRole('row', { name: /Acme Widgets/ }, { timeout: 8000 });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Acme Widgets' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete Acme Widgets?' });
    expect(ask.textContent).toContain('users, areas, spaces, bookings');
    expect(ask.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Send confirmation link' }));
    const sent = await screen.findByRole('dialog', { name: 'Confirm the deletion' });
    expect(sent.textContent).toContain('We sent a confirmation link to ada@example.com. Open it and enter this code:');
    expect(within(sent).getByLabelText('Confirmation code').textContent).toBe('482913');
    expect(within(sent).getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(called(server, 'DELETE', `/organization/${acme.id}`)).toHaveLength(1);
    // The footer's Close (the dialog's ✕ is called Close too).
    fireEvent.click(within(sent).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the deletion' })).toBeNull());
  });

  it("manages another organisation's domains on its page; super admins' domains are active at once", async () => {
    let list = [domain('acme.example', { primary: true, organizationId: acme.id })];
    const server = start(`/admin/organizations/${acme.id}`, superAdmin, {
      [`GET /organization/${acme.id}`]: () => json(acme),
      [`GET /organization/${acme.id}/domain/`]: () => json(list),
      [`POST /organization/${acme.id}/domain/acme.org`]: () => {
        list = [...list, domain('acme.org', { organizationId: acme.id, accessCheck: null, accessible: false })];
        return created('acme.org');
      },
    });
    const section = await screen.findByRole('region', { name: 'Domains' }, { timeout: 8000 });
    expect((await within(section).findByRole('row', { name: /acme\.example/ })).textContent).toContain('Primary');
    fireEvent.change(within(section).getByRole('textbox', { name: 'Domain' }), { target: { value: ' Acme.ORG ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add domain' }));
    expect((await within(section).findByRole('status')).textContent).toBe('acme.org was added and is active.');
    const added = await within(section).findByRole('row', { name: /acme\.org/ });
    expect(added.textContent).toContain('Active');
    expect(added.textContent).toContain('Not checked yet');
    expect(called(server, 'POST', `/organization/${acme.id}/domain/acme.org`)).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Danger zone' })).toBeTruthy();
  });
});

describe('deletion link', { timeout: 20_000 }, () => {
  it('deletes with the right code and explains a wrong code or an expired link', async () => {
    let answer = failure(404);
    const server = start('/admin/organizations/delete/state-1/', superAdmin, {
      'POST /organization/deleteorg/state-1': () => answer,
      'GET /organization/': () => json([own]),
    });
    const code = await screen.findByRole('textbox', { name: /Confirmation code/ }, { timeout: 8000 });
    const submit = screen.getByRole('button', { name: 'Delete the organisation' });
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6 digits of the code.');
    expect(called(server, 'POST', '/organization/deleteorg/state-1')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '111 111' } });
    fireEvent.click(submit);
    const wrong = await screen.findByRole('alert');
    await waitFor(() => expect(wrong.textContent).toContain('The code is wrong or this link has expired.'));
    expect(called(server, 'POST', '/organization/deleteorg/state-1')[0]!.body).toEqual({ code: '111111' });

    answer = noContent();
    fireEvent.change(code, { target: { value: '482913' } });
    fireEvent.click(submit);
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('The organisation was deleted');
    expect(within(done).getByRole('link', { name: 'Back to organisations' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Confirmation code/ })).toBeNull();
  });

  it('tells an org admin their account went with their organisation', async () => {
    start('/admin/organizations/delete/state-2', orgAdmin, {
      'POST /organization/deleteorg/state-2': noContent,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Confirmation code/ }, { timeout: 8000 }), {
      target: { value: '482913' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the organisation' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Your own account belonged to it');
    expect(within(done).getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });
});

describe('domains (org admins)', { timeout: 20_000 }, () => {
  it('shows state badges and the last reachability check', async () => {
    start('/admin/domains', orgAdmin, {
      [`GET ${ownDomains}`]: () =>
        json([
          domain('b.example', { accessible: false }),
          domain('sample.example', { primary: true }),
          domain('new.example', { active: false, accessible: false, accessCheck: null }),
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Domains' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'sample.example',
      'b.example',
      'new.example',
    ]);
    expect(rows[0]!.textContent).toMatch(/ActivePrimaryReachableLast checked .*2030/);
    expect(rows[1]!.textContent).toContain('Not reachable');
    expect(rows[2]!.textContent).toContain('Waiting for verification');
    // Only active, non-primary domains can become primary.
    expect(within(rows[0]!).queryByRole('button', { name: /primary/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Make b.example primary' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: /primary/ })).toBeNull();
    expect(screen.getByText('1 domain is waiting for verification')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Domains' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Organisation' })).toBeTruthy();
  });

  it('adds a domain that waits for verification; refuses bad names and names in use', async () => {
    let list = [domain('sample.example', { primary: true })];
    let answer: () => Response = () => failure(409);
    const server = start('/admin/domains', orgAdmin, {
      [`GET ${ownDomains}`]: () => json(list),
      [`POST ${ownDomains}taken.example`]: () => answer(),
      [`POST ${ownDomains}fresh.example`]: () => {
        list = [...list, domain('fresh.example', { active: false, accessCheck: null, accessible: false })];
        return created('fresh.example');
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Domain' }, { timeout: 8000 });
    const add = screen.getByRole('button', { name: 'Add domain' });
    fireEvent.change(input, { target: { value: 'not a domain' } });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Enter a domain name such as example\.com/);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { value: 'taken.example' } });
    fireEvent.click(add);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('taken.example is already in use.'));
    answer = () => failure(400);
    fireEvent.click(add);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The server did not accept this domain name.'),
    );

    fireEvent.change(input, { target: { value: 'fresh.example' } });
    fireEvent.click(add);
    expect((await screen.findByRole('status')).textContent).toBe(
      'fresh.example was added. Verify it below to activate it.',
    );
    expect((input as HTMLInputElement).value).toBe('');
    const card = await screen.findByRole('region', { name: 'Verify fresh.example' });
    expect(card.textContent).toContain('TXT');
    expect(within(card).getByText('perch-verification=token-fresh.example')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy value' })).toBeTruthy();
  });

  it('verifies a pending domain: says when the TXT record is missing, then activates it', async () => {
    let list = [
      domain('sample.example', { primary: true }),
      domain('new.example', { active: false, accessCheck: null, accessible: false }),
    ];
    let answer: () => Response = () => json({ message: 'The DNS TXT record was not found' }, 400);
    start('/admin/domains', orgAdmin, {
      [`GET ${ownDomains}`]: () => json(list),
      [`POST ${ownDomains}new.example/verify`]: () => answer(),
    });
    const card = await screen.findByRole('region', { name: 'Verify new.example' }, { timeout: 8000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Verify now' }));
    const missing = await within(card).findByRole('alert');
    expect(missing.textContent).toContain('Not verified yet');
    expect(missing.textContent).toContain('The TXT record was not found on new.example.');

    answer = () => json({ message: 'taken' }, 409);
    fireEvent.click(within(card).getByRole('button', { name: 'Verify now' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toContain(
        'new.example is already active in another organisation.',
      ),
    );

    answer = () => {
      list = list.map((d) => (d.domain === 'new.example' ? { ...d, active: true } : d));
      return noContent();
    };
    fireEvent.click(within(card).getByRole('button', { name: 'Verify now' }));
    expect((await screen.findByRole('status')).textContent).toBe('new.example is verified and active.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verify new.example' })).toBeNull());
    expect(screen.getByRole('row', { name: /new\.example/ }).textContent).toContain('Active');
  });

  it('makes a domain primary and removes one after asking', async () => {
    let list = [domain('sample.example', { primary: true }), domain('b.example')];
    const server = start('/admin/domains', orgAdmin, {
      [`GET ${ownDomains}`]: () => json(list),
      [`POST ${ownDomains}b.example/primary`]: () => {
        list = list.map((d) => ({ ...d, primary: d.domain === 'b.example' }));
        return noContent();
      },
      [`DELETE ${ownDomains}sample.example`]: () => {
        list = list.filter((d) => d.domain !== 'sample.example');
        return noContent();
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make b.example primary' }, { timeout: 8000 }));
    expect((await screen.findByRole('status')).textContent).toBe('b.example is now the primary domain.');
    await waitFor(() => expect(screen.getAllByRole('row')[1]!.textContent).toContain('b.example'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove sample.example' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove the domain sample.example?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('sample.example was removed.'));
    expect(called(server, 'DELETE', `${ownDomains}sample.example`)).toHaveLength(1);
    // The last domain stays: its remove button is off, and the page says why.
    const last = await screen.findByRole('button', { name: 'Remove b.example' });
    await waitFor(() => expect((last as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(/keeps at least one domain/).id).toBe(last.getAttribute('aria-describedby'));
  });

  it('says so when the server refuses to remove the last domain', async () => {
    // Another admin removed the other domain meanwhile: the list still shows two.
    start('/admin/domains', orgAdmin, {
      [`GET ${ownDomains}`]: () => json([domain('sample.example', { primary: true }), domain('b.example')]),
      [`DELETE ${ownDomains}b.example`]: () => failure(400),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove b.example' }, { timeout: 8000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An organisation keeps at least one domain, so the last one cannot be removed.',
    );
  });
});

describe('own organisation (org admins)', { timeout: 20_000 }, () => {
  it('changes the contact email only once the code sent to the new address is entered', async () => {
    let current = own;
    let verifyAnswer: () => Response = () => failure(404);
    const server = start('/admin/settings/org', orgAdmin, {
      [`GET /organization/${ORG.id}`]: () => json(current),
      [`PUT /organization/${ORG.id}`]: (body) => {
        current = { ...current, ...(body as Organization), email: current.email };
        return json({ verifyUuid: 'change-1' });
      },
      [`POST /organization/${ORG.id}/verifyemail/change-1`]: () => verifyAnswer(),
    });
    const email = await screen.findByRole('textbox', { name: /Contact email/ }, { timeout: 8000 });
    expect((email as HTMLInputElement).value).toBe('contact@sample.example');
    fillOrganization({ name: 'Sample Company Ltd', email: 'new@sample.example' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the new contact email' });
    expect(dialog.textContent).toContain('Enter the 6-digit code we sent to new@sample.example.');
    expect(dialog.textContent).toContain('Until then contact@sample.example stays the contact email.');
    expect(called(server, 'PUT', `/organization/${ORG.id}`)[0]!.body).toMatchObject({
      name: 'Sample Company Ltd',
      email: 'new@sample.example',
    });
    // Saved, but the address in force is still the old one.
    expect((email as HTMLInputElement).value).toBe('contact@sample.example');

    const code = within(dialog).getByRole('textbox', { name: /6-digit code/ });
    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This code is wrong or has expired.');

    verifyAnswer = () => {
      current = { ...current, email: 'new@sample.example' };
      return noContent();
    };
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the new contact email' })).toBeNull());
    expect((email as HTMLInputElement).value).toBe('new@sample.example');
    expect(called(server, 'POST', `/organization/${ORG.id}/verifyemail/change-1`).map((c) => c.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps a closed code dialog within reach', async () => {
    start('/admin/settings/org', orgAdmin, {
      [`GET /organization/${ORG.id}`]: () => json(own),
      [`PUT /organization/${ORG.id}`]: () => json({ verifyUuid: 'change-2' }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Contact email/ }, { timeout: 8000 }), {
      target: { value: 'later@sample.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the new contact email' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(
      await screen.findByText('later@sample.example becomes the contact email once you enter the code we sent to it.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm the new contact email' })).toBeTruthy();
  });

  it('says plainly when the server does not let org admins delete their organisation', async () => {
    start('/admin/settings/org', orgAdmin, {
      [`GET /organization/${ORG.id}`]: () => json(own),
      [`DELETE /organization/${ORG.id}`]: () => json({ message: 'Deleting organisations is disabled' }, 403),
    });
    const zone = await screen.findByRole('region', { name: 'Danger zone' }, { timeout: 8000 });
    fireEvent.click(within(zone).getByRole('button', { name: 'Delete organisation' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Sample Company?' })).getByRole('button', {
        name: 'Send confirmation link',
      }),
    );
    const refused = await screen.findByRole('dialog', { name: 'The organisation cannot be deleted' });
    expect(within(refused).getByRole('alert').textContent).toBe(
      'Deleting organisations is switched off on this server. Whoever runs Perch for you can allow it.',
    );
  });

  it('does not offer super admins to delete their own organisation', async () => {
    start('/admin/settings/org', superAdmin, { [`GET /organization/${ORG.id}`]: () => json(own) });
    const zone = await screen.findByRole('region', { name: 'Danger zone' }, { timeout: 8000 });
    expect(zone.textContent).toContain('you cannot delete it');
    expect(within(zone).queryByRole('button')).toBeNull();
  });
});
