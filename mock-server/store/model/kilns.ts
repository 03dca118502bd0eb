/** A registered kiln (docs/product.md#kiln-record); the facility's mnemonic and name are joined in on read. */
export interface KilnRecord {
  id: number;
  /** the identifier the kiln reports itself with, unique per facility */
  kiln_id: string;
  facility_id: number;
  /** 0 C-Go-1, 1 Retort, 2 Terrafix */
  type: number;
  /** YYYY-MM-DD */
  install_date: string;
  last_update: string;
  /** JSON string: {"cgo1":{"per_g_weight":10.2345,"zero_weight":8123.45},"terrafix":{"per_g_weight":4.87}} */
  config: string;
  /**
   * When a super-admin approved the kiln id; null while it is pending
   * (docs/roles.md#numbers-that-credit-a-facility): its logs are kept but not creditable. Kilns registered before
   * approval existed were approved by the upgrade (approved_ts = last_update, approved_by null).
   */
  approved_ts: string | null;
  /** the super-admin who approved it, or registered it (approved at once) */
  approved_by: number | null;
}

/** A kiln with its facility's mnemonic and name joined in (docs/product.md#kiln-record). */
export interface KilnRow extends KilnRecord {
  facility_mnemonic: string;
  facility_name: string;
}

/**
 * An Ed25519 public key a kiln signs its logs with (docs/security.md, "Kiln
 * identity"); several per kiln for rotation. Revoking is final. The private
 * key never reaches the server.
 */
export interface KilnKeyRecord {
  id: number;
  /** the record id of the kiln (kilns.id) it belongs to */
  kiln_id: number;
  /** lowercase hex SHA-256 of the key's DER SPKI bytes; unique across every kiln */
  fingerprint: string;
  label: string;
  /** PEM (SPKI) */
  public_key: string;
  created_ts: string;
  /** the user who added it; null for the demo seed */
  created_by: number | null;
  /**
   * When a super-admin approved it; null while it is pending (added by anyone
   * else): only an approved, unrevoked key is active. A super-admin's own key
   * and the seed's are approved as they are added.
   */
  approved_ts: string | null;
  /** the approving super-admin; null for the seed's keys (and pending ones) */
  approved_by: number | null;
  revoked_ts: string | null;
}
