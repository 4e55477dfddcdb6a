/** Tests of this module: a creator (granted directly in the database) with a new room. */
import { liveCreators } from '../../db/schema';
import type { TestApp } from '../../test/harness';

export async function creatorWithRoom(t: TestApp, phone: string, body: { title: string; category: string }) {
  const owner = await t.loginByPhone(phone);
  await t.db.insert(liveCreators).values({ userId: owner.userId });
  const room = await t.call('POST', '/mdr/api/v1/live/rooms', { token: owner.token, body });
  if (room.code !== 0) throw new Error(`room not created: ${JSON.stringify(room)}`);
  return { owner, roomId: room.data.id as number };
}
