/**
 * Who may publish, per contract §4: the ops module owns certification and real-name state; plans only
 * read them through these two functions.
 */
export { getExpertState } from '../certification';
export { isRealNameVerified } from '../realname';
