/**
 * The watch-list entity every importer produces and the matcher consumes. One shape for
 * every source (OFAC, UN, UK, EU, Dow Jones, World-Check, FollowTheMoney, our own CSV),
 * so that lists can be merged, versioned and diffed without knowing where they came from.
 */

export type EntityType = 'person' | 'organisation' | 'vessel' | 'aircraft';

/** primary, also-known-as, formerly-known-as, low-quality (OFAC 'weak') alias. */
export type NameType = 'primary' | 'aka' | 'fka' | 'weak';

/** The spec's hit types (the spec names them pepHit, enforcementHit, blackListHit, sanctionHit). */
export type HitType = 'pep' | 'enforcement' | 'blackList' | 'sanction';

export interface EntityName {
  full: string;
  type: NameType;
  /** Structured parts when the source gives them; the matcher never relies on their presence. */
  given?: string;
  middle?: string;
  family?: string;
  /** ISO 15924 script of `full` when it is not Latin, e.g. 'Arab', 'Cyrl'. */
  script?: string;
}

export interface PartialDate {
  year: number;
  month?: number;
  day?: number;
}

/** exact: day known; year: only the year (the month may be known too); approximate: 'circa'; range: from..to. */
export type DateQuality = 'exact' | 'year' | 'approximate' | 'range';

export interface EntityDate {
  quality: DateQuality;
  from: PartialDate;
  to?: PartialDate;
  /** The date as the source printed it, kept for the explanation. */
  text?: string;
}

export type CountryRole = 'nationality' | 'citizenship' | 'residence' | 'birth' | 'registration' | 'other';

export interface EntityCountry {
  /** ISO 3166-1 alpha-2 where the importer can resolve it, else the source's own text. */
  code: string;
  role: CountryRole;
}

export interface EntityIdentifier {
  /**
   * As normalised by the importers: passport, national-id, tax-id, registration, ssn,
   * drivers-licence, imo, mmsi, call-sign, aircraft-msn, aircraft-tail, swift, duns, lei, isin,
   * crypto-wallet, other (the source's own label is then in `note`).
   */
  type: string;
  value: string;
  country?: string;
  note?: string;
}

export interface EntityAddress {
  full: string;
  city?: string;
  country?: string;
}

export interface EntityAssociate {
  name: string;
  relationship: string;
  /** The associate's id in the same list, when the source links them. */
  entityId?: string;
}

/** Vessel particulars (OFAC columns and remarks, UK ship fields, Dow Jones VesselDetails). */
export interface VesselDetails {
  callSign?: string;
  vesselType?: string;
  tonnage?: string;
  grossRegisteredTonnage?: string;
  /** ISO alpha-2 where resolvable, else as written. */
  flag?: string;
  owner?: string;
  imo?: string;
  mmsi?: string;
  yearBuilt?: string;
}

/** Aircraft particulars (OFAC remarks). */
export interface AircraftDetails {
  model?: string;
  manufacturerSerialNumber?: string;
  tailNumber?: string;
  operator?: string;
  manufactureDate?: string;
}

export interface WatchlistEntity {
  /** The list's own identifier: OFAC ent_num, UN DATAID, FtM id, World-Check UID, Dow Jones id. */
  id: string;
  /** Source list key, e.g. 'ofac-sdn', 'ofac-cons', 'un', 'uk-ofsi', 'uk-fcdo', 'eu-fsf', 'dowjones', 'worldcheck', 'ftm', 'sanad-list'. */
  list: string;
  type: EntityType;
  names: EntityName[];
  gender?: 'male' | 'female';
  birthDates: EntityDate[];
  birthPlaces: string[];
  countries: EntityCountry[];
  identifiers: EntityIdentifier[];
  /** Father's or husband's name, as lists in South Asia and the Gulf print them. */
  fatherNames: string[];
  addresses: EntityAddress[];
  associates: EntityAssociate[];
  programmes: string[];
  /** ISO date the entity was listed, when known. */
  listedOn?: string;
  hitType: HitType;
  /** PEP and World-Check categories and sub-categories, as the source names them. */
  categories: string[];
  deceased?: boolean;
  remarks?: string;
  /** Titles, positions and occupations (OFAC title, UN designation, Dow Jones OccTitle). Optional: added for importers. */
  positions?: string[];
  vessel?: VesselDetails;
  aircraft?: AircraftDetails;
  /** Record status as the source names it (Dow Jones ActiveStatus 'Active' / 'Inactive': an ex-PEP). */
  recordStatus?: string;
  /** ISO date the source last changed the entity, when known. */
  updatedOn?: string;
}
