import type { ReactNode } from 'react';
import type { EventIcon } from './codes';

/** Hand-drawn 24x24 glyphs, so no icon font or emoji font is needed on the phone. */
function glyph(icon: EventIcon): ReactNode {
  switch (icon) {
    case 'goal':
    case 'own-goal':
      return (
        <>
          <circle
            cx="12"
            cy="12"
            r="9"
            fill="#fff"
            stroke={icon === 'own-goal' ? '#e53935' : '#222'}
            strokeWidth="1.6"
          />
          <path d="M12 7.5l3.2 2.3-1.2 3.8h-4l-1.2-3.8z" fill={icon === 'own-goal' ? '#e53935' : '#222'} />
          <path
            d="M12 3v4.5M20.5 9.5l-5.3.3M17.5 19l-3.5-5.4M6.5 19l3.5-5.4M3.5 9.5l5.3.3"
            stroke="#222"
            strokeWidth="1"
          />
        </>
      );
    case 'penalty':
    case 'penalty-miss':
      return (
        <>
          <circle cx="12" cy="12" r="9" fill={icon === 'penalty' ? '#2e7d32' : '#9e9e9e'} />
          <text x="12" y="16.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
            P
          </text>
          {icon === 'penalty-miss' ? <path d="M5 5l14 14" stroke="#e53935" strokeWidth="2" /> : null}
        </>
      );
    case 'corner':
      return (
        <>
          <path d="M6 21V3" stroke="#555" strokeWidth="1.8" />
          <path d="M6.8 3.5l11 3.5-11 3.5z" fill="#ff7a00" />
        </>
      );
    case 'free-kick':
      // a ball curling over a three-man wall (a ball with a straight arrow read as the ♂ sign)
      return (
        <>
          <path d="M9.4 11h1.9v8H9.4zM12.1 11H14v8h-1.9zM14.8 11h1.9v8h-1.9z" fill="#5c6370" />
          <path
            d="M6.5 17.5C8 6 16 2.5 21 9"
            fill="none"
            stroke="#2e7d32"
            strokeWidth="1.6"
            strokeDasharray="2.2 1.8"
          />
          <circle cx="4.8" cy="19.2" r="3" fill="#fff" stroke="#222" strokeWidth="1.4" />
        </>
      );
    case 'offside':
      return (
        <>
          <path d="M6 21V3" stroke="#555" strokeWidth="1.8" />
          <path d="M6.8 3.5h11v7h-11z" fill="#fbc02d" />
          <path d="M6.8 3.5l11 7" stroke="#e53935" strokeWidth="1.5" />
        </>
      );
    case 'shot-on':
    case 'shot-off':
      return (
        <>
          <path d="M3 20V7h18v13" fill="none" stroke="#555" strokeWidth="1.6" />
          <circle cx={icon === 'shot-on' ? 12 : 21} cy={icon === 'shot-on' ? 14 : 4} r="3.2" fill="#222" />
        </>
      );
    case 'attack':
    case 'danger':
      return (
        <path
          d="M3 12h13M12 6l6 6-6 6"
          fill="none"
          stroke={icon === 'danger' ? '#e53935' : '#1677ff'}
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      );
    case 'possession':
      return (
        <circle
          cx="12"
          cy="12"
          r="7"
          fill="none"
          stroke="#1677ff"
          strokeWidth="2.4"
          strokeDasharray="22 22"
        />
      );
    case 'yellow':
    case 'red':
      return (
        <rect
          x="7"
          y="3.5"
          width="10"
          height="17"
          rx="1.8"
          fill={icon === 'yellow' ? '#fbc02d' : '#e53935'}
        />
      );
    case 'second-yellow':
      return (
        <>
          <rect x="4" y="3.5" width="10" height="15" rx="1.8" fill="#fbc02d" />
          <rect x="10" y="6" width="10" height="15" rx="1.8" fill="#e53935" />
        </>
      );
    case 'sub':
      return (
        <>
          <path d="M8 20V6M4 10l4-4 4 4" fill="none" stroke="#2e7d32" strokeWidth="2.2" />
          <path d="M16 4v14M12 14l4 4 4-4" fill="none" stroke="#e53935" strokeWidth="2.2" />
        </>
      );
    case 'whistle':
      return (
        <>
          <circle cx="10" cy="14" r="6" fill="#555" />
          <path d="M13 8.5h8v4h-5" fill="#555" />
          <circle cx="10" cy="14" r="2" fill="#fff" />
        </>
      );
    case 'clock':
      return (
        <>
          <circle cx="12" cy="12" r="9" fill="none" stroke="#555" strokeWidth="1.8" />
          <path d="M12 7v5l3.5 2" fill="none" stroke="#555" strokeWidth="1.8" />
        </>
      );
    case 'var':
      return (
        <>
          <rect x="2.5" y="5" width="19" height="13" rx="2" fill="#37474f" />
          <text x="12" y="14.8" textAnchor="middle" fontSize="7.5" fontWeight="700" fill="#fff">
            VAR
          </text>
        </>
      );
    default:
      return (
        <>
          <circle cx="12" cy="12" r="9" fill="#90a4ae" />
          <path d="M12 7v6M12 16v1" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </>
      );
  }
}

export function EventIconSvg({ icon, size = 18, label }: { icon: EventIcon; size?: number; label?: string }) {
  return (
    <svg
      className="gf-event-icon"
      data-icon={icon}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {glyph(icon)}
    </svg>
  );
}
