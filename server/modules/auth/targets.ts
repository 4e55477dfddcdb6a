/**
 * A "target" is who a captcha or code belongs to: "<area_code>:<phone>" or a lower-cased email.
 * The outbox address is what S2's message provider uses: area code and phone digits run together.
 */
export interface PhoneTarget {
  kind: 'phone';
  areaCode: string;
  phone: string;
}

export interface EmailTarget {
  kind: 'email';
  email: string;
}

export type Target = PhoneTarget | EmailTarget;

export function normalizeAreaCode(areaCode: string): string {
  return areaCode.trim().replace(/^\+/, '');
}

export function phoneTarget(areaCode: string, phone: string): PhoneTarget {
  return { kind: 'phone', areaCode: normalizeAreaCode(areaCode), phone: phone.trim() };
}

export function emailTarget(email: string): EmailTarget {
  return { kind: 'email', email: email.trim().toLowerCase() };
}

/** Phone wins when a body carries both (the login form keeps both fields). */
export function targetFromBody(body: { area_code?: string; phone?: string; email?: string }): Target {
  if (body.area_code !== undefined && body.phone !== undefined)
    return phoneTarget(body.area_code, body.phone);
  return emailTarget(body.email ?? '');
}

export function targetKey(t: Target): string {
  return t.kind === 'phone' ? `${t.areaCode}:${t.phone}` : t.email;
}

export function outboxAddress(t: Target): string {
  return t.kind === 'phone' ? `${t.areaCode}${t.phone}` : t.email;
}
