/** Response schemas of the live rooms, gifts and the end page. */
import {
  arrayOf,
  bool,
  int,
  nullable,
  obj,
  okResponse,
  optObj,
  pageOf,
  str,
} from '../../http/response-schemas';

const person = obj({ id: int, user_external: str, nickname: str, avatar: str });
const roomProps = {
  id: int,
  title: str,
  cover: str,
  category: str,
  match_id: nullable(int),
  status: { type: 'string', enum: ['idle', 'live', 'ended'] },
  demo: bool,
  viewers: int,
  peak_viewers: int,
  started_at: nullable(str),
  ended_at: nullable(str),
  creator: person,
  lines: arrayOf(obj({ id: str, url: str, height: int })),
} as const;

/** a list's room also names its linked match (clubs in the reader's language, kickoff in HK time) */
const roomMatch = { anyOf: [{ type: 'null' }, obj({ id: int, home: str, away: str, kickoff: str })] };
export const roomsPageResponse = okResponse(pageOf(obj({ ...roomProps, match: roomMatch })));
/** the detail: the creator alone also gets the secret stream key and the RTMP URL */
export const roomDetailResponse = okResponse(
  optObj({ ...roomProps, mine: bool, moderator: bool, stream_key: str, rtmp_url: nullable(str) }, [
    ...(Object.keys(roomProps) as (keyof typeof roomProps)[]),
    'mine',
  ]),
);
export const creatorResponse = okResponse(
  obj({
    creator: bool,
    banned: bool,
    banned_until: nullable(str),
    ban_reason: nullable(str),
    open_room_id: nullable(int),
  }),
);
export const giftsResponse = okResponse(
  obj({ combo_seconds: int, list: arrayOf(obj({ id: str, price: int, icon: str, image: str })) }),
);
export const giftSentResponse = okResponse(
  obj({
    id: int,
    room_id: int,
    gift_id: str,
    price: int,
    combo: int,
    combo_seconds: int,
    tap_id: str,
    duplicate: bool,
    balance: int,
  }),
);
export const rankingResponse = okResponse(
  obj({ list: arrayOf(obj({ rank: int, user: person, coins: int, gifts: int })) }),
);
export const endResponse = okResponse(
  obj({
    id: int,
    title: str,
    status: str,
    duration_seconds: int,
    peak_viewers: int,
    gifts: int,
    coins: int,
    income: int,
    share_percent: int,
    share_hundredths: int,
    senders: int,
    started_at: nullable(str),
    ended_at: nullable(str),
  }),
);
export const incomeResponse = okResponse(
  obj({
    total_income: int,
    share_percent: int,
    carry_hundredths: int,
    list: arrayOf(obj({ room_id: int, title: str, ended_at: nullable(str), gifts: int, income: int })),
  }),
);
export const creatorGrantResponse = okResponse(obj({ user_id: int, banned_until: nullable(str) }));
/** the console's rooms: the public view plus the gifts and coins of each room */
export const opsRoomsPageResponse = okResponse(pageOf(obj({ ...roomProps, gifts: int, coins: int })));
export const opsRotateResponse = okResponse(obj({ id: int, status: str, rotated: bool }));

/** a lucky bag as the room sees it (winners once drawn; my_amount: null before the draw or not joined) */
const luckyBag = obj({
  id: int,
  room_id: int,
  total: int,
  shares: int,
  mode: { type: 'string', enum: ['even', 'random'] },
  status: { type: 'string', enum: ['open', 'drawn'] },
  ends_at: str,
  entrants: int,
  joined: bool,
  my_amount: nullable(int),
  mine: bool,
  paid: int,
  refunded: int,
  winners: arrayOf(obj({ user: obj({ id: int, nickname: str, avatar: str }), amount: int })),
});
export const luckyBagResponse = okResponse(luckyBag);
export const currentBagResponse = okResponse(obj({ bag: nullable(luckyBag) }));
/** the creation form's match picker: value = match id, label = "home vs away · dd/mm hh:mm" */
export const matchOptionsResponse = okResponse(obj({ list: arrayOf(obj({ value: int, label: str })) }));

/** chat moderation: a mute or ban as imposed, a revoke, and the room's list of muted and banned viewers */
const sanctionKind = { type: 'string', enum: ['mute', 'ban'] } as const;
export const sanctionResponse = okResponse(
  obj({ room_id: int, user_id: int, kind: sanctionKind, until: nullable(str) }),
);
export const sanctionRevokedResponse = okResponse(
  obj({ room_id: int, user_id: int, revoked: arrayOf(sanctionKind) }),
);
export const sanctionsResponse = okResponse(
  obj({
    list: arrayOf(
      obj({
        user_id: int,
        kind: sanctionKind,
        until: nullable(str),
        created_at: str,
        nickname: str,
        avatar: str,
        user_external: str,
      }),
    ),
  }),
);

/** the console's creators: who holds the right, since when, a ban that holds (with its reason), their rooms */
export const opsCreatorsPageResponse = okResponse(
  pageOf(
    obj({
      user_id: int,
      nickname: str,
      user_external: str,
      avatar: str,
      granted_at: str,
      banned: bool,
      banned_until: nullable(str),
      ban_reason: nullable(str),
      rooms: int,
    }),
  ),
);
export const creatorRevokedResponse = okResponse(obj({ user_id: int, ended_rooms: arrayOf(int) }));
