/** The protocol documents of spec §3; GET /mdr/api/v1/config/protocol-configs/{type} knows only these. */
export const PROTOCOL_TYPES = [
  'privacy_protocol',
  'service_protocol',
  'recharge_protocol',
  'recharge_security_tips',
  'rank_rule_explanation',
  'lucky_bag_rule',
  'reward_notes',
  'live_use_protocol',
  'live_behavior_standards',
  'community_self_discipline_convention',
  'group_chat_convention',
  'account_cancellation_notice',
  'third_party_sharing_list',
  'ad_push_management',
  'points_rule',
  'rule_details',
  'user_donation_protocol',
  'plan_publish_rule',
  'expert_rank_rule',
] as const;

export type ProtocolType = (typeof PROTOCOL_TYPES)[number];

export function isProtocolType(value: string): value is ProtocolType {
  return (PROTOCOL_TYPES as readonly string[]).includes(value);
}
