import { CommandBus } from '@nestjs/cqrs';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser } from '../factories/wallet.js';
import { CreateNotificationCommand } from '../../src/modules/notifications/commands/create-notification/create-notification.command.js';

describe('PATCH /api/v1/notifications/read-all', () => {
  let t: TestApp;
  let commands: CommandBus;
  beforeAll(async () => {
    t = await createTestApp();
    commands = t.app.get(CommandBus);
  });
  afterAll(() => t.close());

  const notify = (userId: string, title: string) =>
    commands.execute(new CreateNotificationCommand({ userId, type: 'CHALLENGE_CREATED', title, message: title }));
  const unreadOf = async (auth: Record<string, string>) =>
    (await t.http().get('/api/v1/wallet/notifications').set(auth).expect(200)).body.data.unreadCount as number;

  it("marks only the caller's unread notifications read and answers how many", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const { id } = await notify(u.id, 'one');
    await notify(u.id, 'two');
    await notify(u.id, 'three');
    await notify(other.id, 'theirs');
    await t.http().put(`/api/v1/wallet/notifications/${id}/read`).set(u.auth).expect(200);

    const res = await t.http().patch('/api/v1/notifications/read-all').set(u.auth).expect(200);

    expect(res.body).toMatchObject({ success: true, data: { updated: 2 } });
    expect(await unreadOf(u.auth)).toBe(0);
    expect(await unreadOf(other.auth)).toBe(1);
  });

  it('answers 0 when nothing is unread', async () => {
    const u = await createUser(t);
    const res = await t.http().patch('/api/v1/notifications/read-all').set(u.auth).expect(200);
    expect(res.body.data).toEqual({ updated: 0 });
  });

  it('is refused without a token', async () => {
    await t.http().patch('/api/v1/notifications/read-all').expect(401);
  });
});
