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
const room = obj(roomProps);

export const roomsPageResponse = okResponse(pageOf(room));
/** the detail: the creator alone also gets the secret stream key and the RTMP URL */
export const roomDetailResponse = okResponse(
  optObj({ ...roomProps, mine: bool, stream_key: str, rtmp_url: nullable(str) }, [
    ...(Object.keys(roomProps) as (keyof typeof roomProps)[]),
    'mine',
  ]),
);
export const creatorResponse = okResponse(obj({ creator: bool }));
export const giftsResponse = okResponse(
  obj({ combo_seconds: int, list: arrayOf(obj({ id: str, price: int, icon: str })) }),
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
    senders: int,
    started_at: nullable(str),
    ended_at: nullable(str),
  }),
);
export const incomeResponse = okResponse(
  obj({
    total_income: int,
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
