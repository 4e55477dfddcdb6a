/**
 * Check digits the JSON Schema cannot express: the Hong Kong identity card number and the Luhn
 * digit of payment card numbers. The schema (schemas/data/wallet-bank-add) already checked shapes.
 */

/** "A123456(3)", "A1234563", "AB987654(A)": letters A=10..Z=35, a missing first letter counts 36. */
export function normalizeHkid(raw: string): string | null {
  const m = /^([A-Z]{1,2})([0-9]{6})\(?([0-9A])\)?$/.exec(raw.trim().toUpperCase().replace(/\s+/g, ''));
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

export function isValidHkid(raw: string): boolean {
  const id = normalizeHkid(raw);
  if (!id) return false;
  const check = id.slice(-1);
  const body = id.slice(0, -1).padStart(8, ' ');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = body[i];
    const v = c === ' ' ? 36 : /[A-Z]/.test(c) ? c.charCodeAt(0) - 55 : Number(c);
    sum += v * (9 - i);
  }
  const d = (11 - (sum % 11)) % 11;
  return (d === 10 ? 'A' : String(d)) === check;
}

export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Card or account number: 8-19 digits. Numbers of 16-19 digits are payment cards and must pass Luhn;
 * shorter ones are Hong Kong bank account numbers (9-14 digits by bank) without a common check digit.
 */
export function isValidCardNumber(digits: string): boolean {
  if (!/^[0-9]{8,19}$/.test(digits)) return false;
  return digits.length < 16 || luhnOk(digits);
}

/** "6225 88** **** 1234"-style: first 4 and last 4 kept. */
export function maskCard(digits: string): string {
  const last = digits.slice(-4);
  return `${digits.slice(0, 4)} **** **** ${last}`;
}

/** HKID: first letter(s) and the check digit kept ("A******(3)"); passport: first 2 and last 2. */
export function maskId(idType: string, value: string): string {
  if (idType === 'hkid') {
    const id = normalizeHkid(value) ?? value;
    const letters = /^[A-Z]+/.exec(id)?.[0] ?? '';
    return `${letters}${'*'.repeat(6)}(${id.slice(-1)})`;
  }
  const v = value.trim().toUpperCase();
  return `${v.slice(0, 2)}${'*'.repeat(Math.max(2, v.length - 4))}${v.slice(-2)}`;
}
