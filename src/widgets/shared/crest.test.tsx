import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Crest, crestLetters, hashName } from './crest';

afterEach(cleanup);

describe('generated club crest', () => {
  it('takes two CJK characters or up to three initials', () => {
    expect(crestLetters('曼聯')).toBe('曼聯');
    expect(crestLetters('皇家馬德里')).toBe('皇家');
    expect(crestLetters('Man Utd')).toBe('MU');
    expect(crestLetters('Arsenal')).toBe('ARS');
    expect(crestLetters('  ')).toBe('?');
  });

  it('is deterministic: the same club draws the same crest', () => {
    expect(hashName('阿仙奴')).toBe(hashName('阿仙奴'));
    // the clip-path id is per instance (useId); everything drawn is the same
    const html = () =>
      render(<Crest name="阿仙奴" color="#ef0107" />).container.innerHTML.replace(/gfc[\w-]+/g, 'ID');
    const a = html();
    cleanup();
    expect(html()).toBe(a);
  });

  it('is a small inline shield in the club colour with readable letters and no image', () => {
    const { container } = render(<Crest name="熱刺" color="#ffffff" size={28} />);
    const crest = container.querySelector<HTMLElement>('.gf-crest')!;
    expect(crest.style.height).toBe('28px');
    expect(crest.getAttribute('data-crest')).toBe('熱刺');
    expect(crest.getAttribute('aria-hidden')).toBe('true');
    // letters are generated content: the name written beside the crest stays the only text
    expect(crest.textContent).toBe('');
    expect(container.querySelector('img')).toBeNull();
    expect(crest.querySelectorAll('*').length).toBeLessThanOrEqual(8);
    const fills = [...crest.querySelectorAll('path')].map((p) => p.getAttribute('fill'));
    expect(fills).toContain('#ffffff');
    // white shield: dark letters, and a rim so the shield shows on a white card
    expect(crest.style.color).not.toBe('rgb(255, 255, 255)');
    expect([...crest.querySelectorAll('path')].some((p) => p.getAttribute('stroke'))).toBe(true);
  });

  it('draws a neutral crest for a colour that is not a hex colour', () => {
    const { container } = render(<Crest name="X" color="url(javascript:1)" />);
    expect(container.innerHTML).not.toContain('javascript');
  });
});
