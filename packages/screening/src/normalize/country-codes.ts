/**
 * Country names and codes to ISO 3166-1 alpha-2. Names come from the runtime's own region names
 * (Intl.DisplayNames), plus the older and informal names lists and customers still use.
 */
import { foldLatin } from './unicode-folding';

const EXTRA_NAMES: Record<string, string> = {
  russianfederation: 'RU', iranislamicrepublicof: 'IR', islamicrepublicofiran: 'IR', syrianarabrepublic: 'SY',
  democraticpeoplesrepublicofkorea: 'KP', koreanorth: 'KP', dprk: 'KP', northkorea: 'KP', republicofkorea: 'KR',
  koreasouth: 'KR', southkorea: 'KR', uk: 'GB', greatbritain: 'GB', england: 'GB', scotland: 'GB', wales: 'GB',
  northernireland: 'GB', unitedkingdomofgreatbritainandnorthernireland: 'GB', usa: 'US', unitedstatesofamerica: 'US',
  america: 'US', burma: 'MM', myanmar: 'MM', ivorycoast: 'CI', cotedivoire: 'CI', congo: 'CG',
  republicofthecongo: 'CG', democraticrepublicofthecongo: 'CD', drc: 'CD', congokinshasa: 'CD', zaire: 'CD',
  czechrepublic: 'CZ', macedonia: 'MK', turkey: 'TR', palestine: 'PS', stateofpalestine: 'PS', vietnam: 'VN',
  vietnamsocialistrepublicof: 'VN', laopeoplesdemocraticrepublic: 'LA', bolivia: 'BO', venezuela: 'VE',
  moldova: 'MD', republicofmoldova: 'MD', tanzania: 'TZ', unitedrepublicoftanzania: 'TZ', holysee: 'VA',
  libyanarabjamahiriya: 'LY', libya: 'LY', uae: 'AE', emirates: 'AE', swaziland: 'SZ', eswatini: 'SZ',
  capeverde: 'CV', caboverde: 'CV', easttimor: 'TL', timorleste: 'TL', brunei: 'BN',
  bruneidarussalam: 'BN', sovietunion: 'SU', ussr: 'SU', yugoslavia: 'YU', serbiaandmontenegro: 'CS',
  gazastrip: 'PS', westbank: 'PS', kosovo: 'XK', taiwan: 'TW', hongkong: 'HK', macau: 'MO', macao: 'MO',
  micronesia: 'FM', saintkittsandnevis: 'KN', saintlucia: 'LC', saintvincentandthegrenadines: 'VC',
};

let byName: Map<string, string> | undefined;

function foldCountry(text: string): string {
  return foldLatin(text).replace(/[^a-z]/g, '');
}

function buildNames(): Map<string, string> {
  const names = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      if (!name || name === code) continue;
      names.set(foldCountry(name), code);
      const withoutBrackets = name.replace(/\s*\(.*\)\s*/g, ' ').trim();
      names.set(foldCountry(withoutBrackets), code);
    }
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) names.set(name.toLowerCase(), code);
  return names;
}

/** ISO alpha-2 code for a code or a country name, or undefined when it cannot be resolved. */
export function resolveCountryCode(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  byName ??= buildNames();
  return byName.get(foldCountry(trimmed));
}
