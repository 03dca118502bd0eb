/**
 * Generated from mock-server/openapi.yaml by `npm run api:types`
 * (openapi-typescript); do not edit. Name these types through
 * src/domain/api/configure.ts and kilnLogs.ts.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness check (the process answers; dependencies are not asked) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness check for a load balancer (the store and file storage are asked)
         * @description Asks the store (PostgreSQL: `select 1`; embedded: db.json writable) and the file
         *     storage (S3: HeadBucket; local: its folder writable), each within 5 s. 503 while
         *     either fails, or once the server is shutting down.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signing-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console's package signing keys (no token; docs/security.md, "Trust model")
         * @description Every Ed25519 key that signed a verification package's SHA256SUMS, the one in use with retired_ts null. `npm run verify -- PACKAGE.zip --trust <kid>` pins one of them.
         */
        get: operations["listSigningKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transparency/checkpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The transparency log's latest checkpoint (no token; docs/security.md, "Transparency log")
         * @description A C2SP tlog-checkpoint (origin, tree size, base64 root hash) signed as a C2SP signed-note with the console's Ed25519 package signing key, the note's key name being the origin. The same size always gives the same bytes.
         */
        get: operations["getTransparencyCheckpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transparency/entries/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One entry of the transparency log, its exact bytes (RFC 8785 canonical JSON) */
        get: operations["getTransparencyEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transparency/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The index of the entry of an audit's signoff (by its package's or manifest's SHA-256) or an eco asset's issuance (by its transaction id)
         * @description q is 64 hexadecimal digits for a SHA-256 (the verification package's, as Audit History shows it, or its manifest.json's, as the signoff's entry names it), else a transaction id, compared as the ledger compares them (case and compatibility forms folded); digits alone that are no transaction id are an entry index. 404 when the log holds none.
         */
        get: operations["lookUpTransparencyEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transparency/proof/inclusion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The inclusion proof of entry `index` in the tree of `tree_size` entries */
        get: operations["getInclusionProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transparency/proof/consistency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The consistency proof from the tree of `first` entries to the tree of `second` */
        get: operations["getConsistencyProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in (docs/product.md#calls) */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/methodologies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every methodology's rulebook, each version with its SHA-256 (any signed-in user; docs/roles.md)
         * @description The constants, tables and gates of each methodology version, each with its source and confidence tag, as the files the server checked at start hold them; ordered by id, then version.
         */
        get: operations["listMethodologies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent Changes, newest first */
        get: operations["listRecentChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{username}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a password (own, or anyone's for a user-admin; one set for someone else is temporary)
         * @description The one call open to a user who must replace a password a user-admin set (428 for any
         *     other). A password set for another user must be replaced by that user at the next login.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users (simple REST; rule read user)
         * @description Sort fields: id (default, ASC), username, role, created_ts, last_login_ts.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user with a temporary password (rule create user; only a super-admin creates a super-admin)
         * @description Created by a user-admin with a role of 3–5, the account is locked until a super-admin
         *     releases it. Facilities another user owns are given only by a super-admin (403), and
         *     the move is recorded in both users' changes.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/facilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The facilities a facility admin may be given, with their owners (rule read user) */
        get: operations["listUserFacilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        /** One user (rule read user) */
        get: operations["getUser"];
        /**
         * Change a user's role and facilities, or reset the password (rule update user)
         * @description Not one's own role; a super-admin's record, or the super-admin role, only by a
         *     super-admin; never the last super-admin to another role (409). A role or password
         *     change refuses the user's older tokens at once. A user-admin's reset of a role 3–5
         *     account, or its giving one of those roles, locks the account until a super-admin
         *     releases it. Facilities another user owns are moved only by a super-admin (403),
         *     recorded in both users' changes.
         */
        put: operations["updateUser"];
        post?: never;
        /** Delete a user (rule delete user); never oneself (403), never the last super-admin (409) */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release an account a user-admin handed over (rule manage user, a super-admin's)
         * @description The second person on a password a user-admin set for roles 3–5: the account may log in
         *     again (and must still choose its own password). Recorded in the user's changes. 409 when
         *     the account is not locked.
         */
        post: operations["releaseUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        /** Every change to a user, newest first (rule read user) */
        get: operations["listUserChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The last statistics snapshot, computed now if there is none (rule update statistics) */
        get: operations["getStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/statistics/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Recompute the statistics (rule update statistics) */
        post: operations["updateStatistics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent Changes entries for editing (simple REST; rule update statistics)
         * @description Sort fields: date (default, DESC), title, id.
         */
        get: operations["listAdminChanges"];
        put?: never;
        /** Add an entry; its body is sanitised (rule update statistics) */
        post: operations["createAdminChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/changes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        /** One entry (rule update statistics) */
        get: operations["getAdminChange"];
        /** Change an entry; its body is sanitised (rule update statistics) */
        put: operations["updateAdminChange"];
        post?: never;
        /** Remove an entry (rule update statistics) */
        delete: operations["deleteAdminChange"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/anomalies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fleet anomalies, newest burn first (simple REST; rule read kilnlog; a facility admin sees only their facilities)
         * @description Sort fields logts (default, DESC), id, code, raised_ts.
         */
        get: operations["listFleetAnomalies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/anomalies/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an anomaly checked, with a note (rule update kilnlog); records who and when; 409 when checked already; 403 for the burn's uploader or its facility's admin (a second person checks) */
        post: operations["checkFleetAnomaly"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fleet/burns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The facilities (GPS boxes) and live analysed burns the caller reaches, for the Fleet screen's map and trends (rule read kilnlog) */
        get: operations["listFleetBurns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Burn logs, not archived (simple REST; rule read kilnlog; a facility admin sees only their facilities)
         * @description Sort fields: id, kiln_id, facility_name, logts (default, DESC), file_size,
         *     gps_in_range, analysis (error, invalid, valid), co2_removed, biochar_produced,
         *     upload_ts, file_name. Missing values sort last.
         */
        get: operations["listKilnLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload one burn log (rule create kilnlog); it is stored byte for byte and analysed on arrival
         * @description A multipart body with the file in field `file`, or the CSV itself as a text/csv body.
         *     A file that cannot be analysed (unknown kiln, missing header, unparsable line, empty)
         *     is stored all the same, with `error_message`. At most 10 MB.
         *
         *     Signed uploads (docs/security.md, "Kiln identity"): headers `Kiln-Key` (the key's
         *     fingerprint) and `Kiln-Signature` (base64 Ed25519 signature of the file's exact bytes:
         *     the raw body, or the `file` part). A correctly signed upload by an active key of the
         *     kiln the log names needs no bearer token. A log naming a kiln that has an active key
         *     must be signed by one of them: otherwise 401 saying why, nothing stored. A key is active
         *     once a super-admin approved it and until it is revoked: a pending key's signature is a 401
         *     ("not approved yet"), and a kiln whose keys are all pending or revoked has no active key.
         *     An unsigned upload for a kiln without an active key needs the uploader's token, as before,
         *     and is stored unsigned.
         */
        post: operations["uploadKilnLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One burn log with chart_data and data_sample (rule read kilnlog); archived logs too */
        get: operations["getKilnLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The raw file as uploaded (rule read kilnlog) */
        get: operations["downloadKilnLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs/{id}/analyse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Analyse again from the stored file with the kiln's and facility's current config (rule update kilnlog) */
        post: operations["analyseKilnLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** File a log whose kiln was unknown under a registered kiln, and analyse it there (rule certify kilnlog, a super-admin's); 409 once the log has a facility, or is archived */
        post: operations["assignKilnLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilnlogs/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a log (rule update kilnlog); it is deleted after the retention period unless restored */
        post: operations["archiveKilnLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/archived_kilnlogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Archived burn logs (simple REST, same sort and filter as /kilnlogs plus archived_ts and delete_after; rule read kilnlog) */
        get: operations["listArchivedKilnLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/archived_kilnlogs/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How long archived logs are kept (ARCHIVE_RETENTION_DAYS; rule read kilnlog) */
        get: operations["getArchiveRetention"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/archived_kilnlogs/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring an archived log back to /kilnlogs (rule update kilnlog) */
        post: operations["restoreKilnLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kiln/registry/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Kiln Registry (rule read kiln; a facility admin sees only its facilities' kilns) */
        get: operations["listKilnRegistry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kiln/registry/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a kiln (rule create kiln; a facility admin only in its own facilities) */
        post: operations["addKiln"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kiln/registry/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a kiln (rule update kiln; a facility admin only its own facilities' kilns) */
        post: operations["editKiln"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kiln/registry/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending kiln id, and the logs filed under it at its facility (rule certify kiln, a super-admin's); a kiln approved already stays as it was */
        post: operations["approveKiln"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/calibrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A kiln's calibration versions, oldest first (rule read kiln; a facility admin only its own facilities' kilns) */
        get: operations["listKilnCalibrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/calibrations/{calId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending calibration version, in force from now (rule certify kiln, a super-admin's); recorded in the facility's trail */
        post: operations["approveKilnCalibration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/calibrations/{calId}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a calibration certificate to a version; its SHA-256 is recorded (rule update kiln, facility scope; once approved, only a super-admin adds a missing one)
         * @description Multipart with one `file` and its `file_type`, checked as a facility statement is: png, jpg,
         *     jpeg or pdf, the content agreeing. At most 20 MB (413 beyond).
         */
        post: operations["attachCalibrationCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A kiln's keys, oldest first (rule read kiln; a facility admin only its own facilities' kilns) */
        get: operations["listKilnKeys"];
        put?: never;
        /** Register an Ed25519 public key for the kiln (rule update kiln, facility scope); pending until a super-admin approves it, unless a super-admin adds it; recorded in the facility's trail */
        post: operations["addKilnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/keys/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trail of the kiln's keys, newest first: who added, approved or revoked which key, when (rule read kiln; a facility admin only its own facilities' kilns) */
        get: operations["listKilnKeyChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/keys/{keyId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve one of the kiln's pending keys: its signatures count from now (rule certify kiln, a super-admin's); recorded in the facility's trail */
        post: operations["approveKilnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kilns/{id}/keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke one of the kiln's keys at once, for good (rule update kiln, facility scope); recorded in the facility's trail */
        post: operations["revokeKilnKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/{id}/kilns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The kilns of one facility (rule read kiln; a facility admin only its own) */
        get: operations["listFacilityKilns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Facilities page (rule read facility; a facility admin sees only the facilities it owns) */
        get: operations["listFacilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a facility (rule create facility, held by the super-admin) */
        post: operations["addFacility"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a facility (rule update facility; a facility admin only its own; the mnemonic cannot change) */
        post: operations["editFacility"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/{id}/signed-burns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set whether the facility's audits take only device-signed burns (rule certify facility, a super-admin's); recorded in its trail */
        post: operations["setSignedBurnsOnly"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/{id}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The facility's credit trail, newest first (rule certify facility, a super-admin's) */
        get: operations["listFacilityChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dropdowns/facilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Facilities to pick (rule read facility; a facility admin only its own) */
        get: operations["listFacilityOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/{id}/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A facility's photo, or its thumbnail with ?thumb=1 (rule read facility; a facility admin only its own) */
        get: operations["getFacilityPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photo/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a facility's photo and thumbnail, replacing any earlier one (rule upload photo; a facility admin only its own)
         * @description Multipart with one file in `photo` and one in `thumb` (docs/product.md#photo-upload). Both
         *     must be PNG or JPEG by content (magic bytes), not by name; the thumbnail at most 250 px
         *     on its longest side. At most 20 MB a file and 2 files (413 beyond).
         */
        post: operations["uploadFacilityPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/{id}/upload_audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a facility audit statement; it becomes the latest (rule update facility; a facility admin only its own)
         * @description Multipart with one `file` and its `file_type` (docs/product.md#audit-upload): png, jpg, jpeg
         *     or pdf (an extension or a MIME type). The content (magic bytes) must be PNG, JPEG or
         *     PDF and agree with file_type. At most 20 MB (413 beyond).
         */
        post: operations["uploadFacilityStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/facility/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A facility audit statement, the latest or the one named by ?id= (rule read facility; a facility admin only its own) */
        get: operations["getFacilityStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/potential_logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Burns that can be proposed for an audit (rule create audit)
         * @description Valid, analysed, live burns in no open proposal and no audit, of the kiln type (-1:
         *     any type), oldest first. Burns analysed by an older algorithm come apart, in
         *     `needs_reanalysis`. facility_id (optional) keeps one facility's burns, as an audit covers
         *     one facility; a facility the caller may not see answers 404.
         */
        get: operations["listPotentialAuditLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/propose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Propose an audit of burns of one facility (rule create audit)
         * @description 400 'Please provide a valid job identifier.' for an empty job_id, on job_id for a job id
         *     another audit (pending or signed off) carries, compared trimmed, NFKC and case folded,
         *     'Please select at least one log to propose an audit.' for no burn, and when the burns are
         *     of more than one facility. 409 naming each burn that is already audited, in another open proposal,
         *     archived, not valid, not of the kiln type, or analysed by an older algorithm (analyse
         *     it again first); nothing is proposed then. kiln_type -1 takes burns of any type.
         *     methodology (beyond the spec, issue 44) names the rulebook it credits under, absent
         *     meaning spec-factor; 400 on methodology for an unknown id, and under any other when a
         *     burn is in no batch, a batch also holds burns not proposed, or a batch is not eligible
         *     or lacks an input (each batch named with what it lacks; docs/decisions.md).
         */
        post: operations["proposeAudit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw an open proposal (rule create audit; only its proposer or a super-admin)
         * @description Removes a proposal not yet signed off: its burns can be proposed again, its job id is
         *     free, and the withdrawal goes to the facility's trail (withdraw_proposal, with the
         *     proposal's id, job id and burns). 403 unless the caller proposed it or is a super-admin;
         *     404 for no such proposal (or another facility's); 409 when it is signed off already.
         */
        post: operations["withdrawAudit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dropdowns/audits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open proposals to review (rule read audit; a facility admin only its facilities') */
        get: operations["listAuditOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/auditable_logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A proposal's burns and its summary per facility (rule read audit; a facility admin only its facilities') */
        get: operations["listAuditableLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/signoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign off a proposal with its statement (rule create audit)
         * @description Multipart (docs/product.md#calls): proposed_audit_id, one `file` with its `file_type` (png, jpg, jpeg or
         *     pdf, an extension or a MIME type; the content's magic bytes must agree, and a PDF
         *     must hold no active content), and analysis_ids repeated, a non-empty subset of the
         *     proposal (burns left out are released). Each burn's CO2, biochar and algorithm
         *     version are frozen into the audit; the burns are locked. 400 for a missing or bad
         *     field (named), 403 for whoever proposed it (four eyes: another kiln file admin or a
         *     super-admin signs off), 404 for an unknown proposal, 409 when it is already signed off, a burn
         *     is not in it, or a burn is no longer a valid burn of the current algorithm. At most
         *     20 MB (413 beyond).
         */
        post: operations["signOffAudit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A facility's signed-off audits (rule read audit; a facility admin only its own)
         * @description from and to bound the signoff time, inclusive (YYYY-MM-DD, whole days in UTC, or an ISO date-time); from after to answers an empty list.
         */
        get: operations["listAuditHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/audited_logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A signed-off audit's burns with their frozen numbers (rule read audit; a facility admin only its facilities') */
        get: operations["listAuditedLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/evidence/{doc_key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An audit's signed statement (rule read audit; a facility admin only its facilities')
         * @description The key is the history item's docKey; it names a stored audit, never a file path. Anything else is a 404.
         */
        get: operations["getAuditEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/{id}/package": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signed-off audit's verification package (rule read audit; a facility admin only its facilities')
         * @description A zip named audit-<job id>-<signoff date>.zip holding manifest.json, logs/<analysis id>.csv (each raw log byte for byte), statement.<ext>, report.pdf, README.txt, SIGNING-KEY.pem, SHA256SUMS and SHA256SUMS.sig, the console's Ed25519 signature over SHA256SUMS (docs/analysis.md, "Verification package"). Made on first request and kept: the same bytes every time. `npm run verify -- PACKAGE.zip --trust <kid>` checks it offline. Another facility's audit is a 404; a proposal not signed off yet is a 409.
         */
        get: operations["getAuditPackage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The report.pdf of a signed-off audit's verification package (rule read audit; a facility admin only its facilities')
         * @description The very bytes of report.pdf inside the audit's package (GET /audit/{id}/package), shown inline for the console's viewer; the package is made and kept first where it was not. Another facility's audit is a 404; a proposal not signed off yet is a 409.
         */
        get: operations["getAuditReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/co2/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audited and utilised CO2 and audited biochar per facility and month (rule read audit; a facility admin only its own) */
        get: operations["getCo2Summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/available_co2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audited CO2 still to allocate, per facility and signed-off audit (rule create eco-asset) */
        get: operations["getAvailableCo2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint an eco asset from audited CO2, all or nothing (rule create eco-asset) */
        post: operations["mintEcoAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The eco assets drawing on a facility's audits (rule read eco-asset) */
        get: operations["listEcoAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/audits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An eco asset's allocations, one per signed-off audit it draws on (rule read eco-asset) */
        get: operations["listEcoAssetAudits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/buffer_share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The buffer share in force, who set it and when (rule create eco-asset) */
        get: operations["getBufferShare"];
        /** Set the buffer share later mints withhold, recorded with who and when (rule certify eco-asset, a super-admin's); an unchanged share records nothing */
        put: operations["setBufferShare"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/buffer_share/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every buffer share set, who set it and when, newest first (rule certify eco-asset, a super-admin's) */
        get: operations["listBufferShareChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/{id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retire kg of an eco asset's issued units for a named beneficiary (rule create eco-asset) */
        post: operations["retireEcoAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/{id}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A one-page PDF certificate of an eco asset (rule read eco-asset) */
        get: operations["getEcoAssetCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eco-asset/{id}/provenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an eco asset stands on, allocations → audits → burns with their frozen numbers and analysis versions (rule read eco-asset) */
        get: operations["getEcoAssetProvenance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Production batches, newest first (simple REST; rule read batch; a facility admin sees only their facilities') */
        get: operations["listBatches"];
        put?: never;
        /** Make a batch of burns (rule create batch; a facility admin only of its own facilities); each burn joins one batch at most */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One batch (rule read batch; another facility's is a 404 for a facility admin) */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close an open batch, complete and waiting for its sample (rule update batch, facility scope) */
        post: operations["closeBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What each methodology credits for the batch, from its own evidence and the rulebooks checked at start (rule read batch, facility scope)
         * @description One result per rulebook (docs/methodologies.md): its gates with value, threshold and pass, its steps
         *     with formula, inputs and value, the net CO2e in exact whole grams (null while an input is missing,
         *     each named in `missing`), and the dry grams not yet at an end use. The facility's
         *     vm0044_high_tech_conditions and temperature_monitored are those a super-admin set (each false until then).
         */
        get: operations["getBatchCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/{id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What each methodology credits for the batches an audit's burns belong to, and what its signoff froze (rule read batch, facility scope)
         * @description For a proposal or a signed-off audit (another facility's is a 404): for each batch holding
         *     any of its burns, by batch id, one CreditResult per rulebook as GET /batches/{id}/credits
         *     gives it, with the batch's id and label; its burns in no batch; the methodology it
         *     credits under; and, once signed off under a methodology other than spec-factor, each
         *     batch's frozen figure with the rulebook's version and SHA-256 (these never change).
         */
        get: operations["getAuditCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/lab-results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch's lab results, oldest first, superseded ones too (rule read batch, facility scope) */
        get: operations["listLabResults"];
        put?: never;
        /**
         * Record a lab result with its certificate (rule create lab-result, a kiln file admin's or a super-admin's); the batch becomes sampled
         * @description Multipart: the certificate in part `certificate`, a PDF (believed only from its content, checked
         *     like a statement: no active content, within the PDF check's bounds), and the fields lab_id,
         *     sample_id, sampled_date and reported_date (YYYY-MM-DD), methods (repeated, one method each),
         *     the values c_tot_pct, c_inorg_pct, c_org_pct, h_c_org, o_c_org, moisture_pct, ash_pct,
         *     volatile_matter_pct, ro_pct (each optional), contaminants_pass (true|false, optional),
         *     supersedes (the result it corrects, optional) and certificate_signature (optional: the
         *     base64 Ed25519 signature of the certificate's exact bytes by a key of the lab; the result
         *     is lab-signed when an active key of the lab verifies it, and a signature none verifies is a
         *     400). At most 20 MB (413 beyond).
         */
        post: operations["addLabResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/lab-results/{rid}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lab result's certificate, the PDF as uploaded (rule read batch, facility scope) */
        get: operations["getLabResultCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/end-uses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch's end uses, oldest first (rule read batch, facility scope) */
        get: operations["listEndUses"];
        put?: never;
        /**
         * Record where some of a batch's char went, with its evidence (rule update batch, facility scope); never beyond the batch's char
         * @description Multipart: the evidence (a delivery note or photo) in part `evidence`, a PDF, PNG or JPEG by its
         *     content (a PDF checked like a statement, an image decoded whole), and the fields kind
         *     (soil_application|other), kind_note (for other), dry_g (whole grams), date (YYYY-MM-DD),
         *     latitude, longitude, soil_temp_c, soil_temp_source (measured, or the dataset named) and
         *     recipient. The batch's end uses together never exceed its dry biochar (its wet biochar before a
         *     moisture result): a 400 on dry_g saying by how much. At most 20 MB (413 beyond).
         */
        post: operations["addEndUse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/end-uses/{eid}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An end use's evidence, the delivery note or photo as uploaded (rule read batch, facility scope) */
        get: operations["getEndUseEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{id}/emissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a batch's project emissions, replacing those it had (rule update batch, facility scope) */
        put: operations["setBatchEmissions"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The laboratories with their keys, oldest first (rule read lab) */
        get: operations["listLabs"];
        put?: never;
        /** Register a laboratory (rule create lab, a super-admin's); a name is taken once, whatever its case */
        post: operations["createLab"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an Ed25519 public key of a laboratory, in force at once (rule create lab, a super-admin's); a key is registered once, to one lab */
        post: operations["addLabKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labs/{id}/keys/{keyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke one of a laboratory's keys at once, for good (rule create lab, a super-admin's); the key keeps who revoked it and when
         * @description A revoked key marks no new result lab-signed; the results it signed before stay lab-signed, since
         *     the certificate bytes were signed while the key was in force. The revocation, like the key's
         *     registration, is appended to the transparency log (a lab_key entry). 409 when the key is revoked already.
         */
        post: operations["revokeLabKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description One burn log (docs/product.md#log-and-analysis-row; docs/product.md#calls-beyond-the-specification). `analysis` is the JSON
         *     string of the analysis result (docs/product.md#analysis-result) or null when `error_message` is set;
         *     `analysis_detail` is an object. Times: `logts` is the kiln's local clock
         *     (YYYY-MM-DDTHH:mm:ss, no zone); upload_ts, archived_ts, delete_after are UTC ISO.
         */
        KilnLog: {
            id: number;
            /** @description same as id */
            analysis_id: number;
            /** @description the identifier in the file header */
            kiln_id: string | null;
            /** @description id of the matched kilns record */
            kiln: number | null;
            facility_id: number | null;
            facility_name: string | null;
            /** @description kiln type: 0 C-Go-1, 1 Retort, 2 Terrafix */
            type: number | null;
            /** @description burn start */
            logts: string | null;
            /** Format: date-time */
            upload_ts: string;
            file_name: string;
            /** @description bytes */
            file_size: number;
            sha256: string;
            /** @description key of the stored raw file */
            s3key: string;
            latitude: number | null;
            longitude: number | null;
            gps_in_range: boolean | null;
            /** @description JSON string of the analysis result: the docs/product.md#analysis-result figures plus algorithm_version, skipped_lines (unreadable lines left out), phases (start_ts, burn_end_ts, quench_ts, quench_evidence, changeover_ts, pyrolysis_spans) and loads; see docs/analysis.md "Result" */
            analysis: string | null;
            error_message: string | null;
            analysis_detail: null | components["schemas"]["AnalysisDetail"];
            /** @description the analysis says valid 'true' */
            valid: boolean;
            /** @description filed under a kiln id a super-admin has not approved yet: kept, but not creditable (never a potential burn of an audit) */
            kiln_pending: boolean;
            /** @description the kiln calibration version (GET /kilns/{id}/calibrations) the analysis used: the one in force at logts; null when none applied, or analysed before calibration versions (the kiln's version 1 applied) */
            calibration_id: number | null;
            /** @description uploaded with a valid Ed25519 signature by an active key of the kiln it names (Kiln-Key, Kiln-Signature) */
            signed: boolean;
            /** @description the signing key's fingerprint (lowercase hex SHA-256 of its DER SPKI); null when unsigned */
            key_fingerprint: string | null;
            /** @description the base64 Ed25519 signature over the stored file's exact bytes; null when unsigned */
            signature: string | null;
            audited: boolean;
            audit_id: number | null;
            /** @description the job id of the audit that audited this burn (names the audit); null when not audited */
            audit_job_id: string | null;
            /** @description in the lists only: the job id of the open proposal holding this burn (it can be proposed in no other until signed off or withdrawn); null when none */
            proposal_job_id?: string | null;
            /** Format: date-time */
            archived_ts: string | null;
            /**
             * Format: date-time
             * @description when an archived log is deleted
             */
            delete_after: string | null;
            /** @description only in GET /kilnlogs/{id}; empty for an error log */
            chart_data?: components["schemas"]["ChartPoint"][];
            /** @description only in GET /kilnlogs/{id}; the first rows of the file as read */
            data_sample?: components["schemas"]["DataSampleRow"][];
        };
        AnalysisDetail: {
            /** @description kg */
            co2_removed: number;
            /** @description kg */
            biochar_produced: number;
        };
        /** @description A log row with its chart (at most 1000 points) and the first rows of the file, as arrays. */
        KilnLogDetail: components["schemas"]["KilnLog"] & {
            chart_data: components["schemas"]["ChartPoint"][];
            data_sample: components["schemas"]["DataSampleRow"][];
        };
        ChartPoint: {
            /** @description ms; the kiln's local time read as UTC */
            ts: number;
            /** @description °C */
            t1: number | null;
            /** @description °C */
            t2: number | null;
            /** @description kg (the console plots it x10) */
            w: number | null;
        };
        DataSampleRow: {
            d: string;
            t: string;
            t1: number;
            t2: number;
            w: number;
        };
        SigningKeys: {
            /** @description every key that ever signed a package, oldest first; retired_ts is set once another key took over */
            keys: {
                /** @description lowercase hex SHA-256 of the key's DER SPKI */
                kid: string;
                /** @description Ed25519 public key */
                public_key: string;
                /** Format: date-time */
                created_ts: string;
                /** Format: date-time */
                retired_ts: string | null;
            }[];
        };
        /** @description where a value comes from; `via` names the transcription it was read through when the document itself was not */
        MethodologySource: {
            document: string;
            version: string;
            /** @description the section */
            section: string;
            via?: string;
        };
        /**
         * @description P the standard's own text; S a secondary source; C secondary sources disagree; U not confirmed
         * @enum {string}
         */
        MethodologyTag: "P" | "S" | "C" | "U";
        /** @description a number, a text, a yes or no, a list of texts; null only for a value no source gives (tag C or U) */
        MethodologyValue: number | string | boolean | string[] | null;
        MethodologyConstant: {
            key: string;
            name: string;
            value: components["schemas"]["MethodologyValue"];
            unit: string;
            source: components["schemas"]["MethodologySource"];
            tag: components["schemas"]["MethodologyTag"];
            note?: string;
        };
        MethodologyTable: {
            key: string;
            name: string;
            columns: {
                key: string;
                name: string;
                unit: string;
            }[];
            /** @description each row holds every column's key; null is an open end of a range */
            rows: {
                [key: string]: number | string | null;
            }[];
            /** @description what a lookup does with a value below or above the table's range: the first row (floor), the last row (cap), no figure (refuse), or nothing, the range being open there (open) */
            out_of_range?: {
                /** @enum {string} */
                below: "floor" | "refuse" | "open";
                /** @enum {string} */
                above: "cap" | "refuse" | "open";
            };
            source: components["schemas"]["MethodologySource"];
            tag: components["schemas"]["MethodologyTag"];
            note?: string;
        };
        /** @description passes when the batch's `input` compares to `threshold` as `comparison` says */
        MethodologyGate: {
            key: string;
            name: string;
            input: string;
            /** @enum {string} */
            comparison: "<" | "<=" | ">" | ">=" | "==" | "in" | "not_in";
            threshold: components["schemas"]["MethodologyValue"];
            unit: string;
            source: components["schemas"]["MethodologySource"];
            tag: components["schemas"]["MethodologyTag"];
            note?: string;
        };
        /** @description a step's input or a gate's value or threshold */
        CreditInput: string | number | boolean | null | string[];
        CreditGate: {
            id: string;
            name: string;
            value: components["schemas"]["CreditInput"];
            threshold: components["schemas"]["CreditInput"];
            /** @enum {string} */
            comparison: "<" | "<=" | ">" | ">=" | "==" | "in" | "not_in";
            unit: string;
            /** @description null while undecided */
            pass: boolean | null;
            /** @description the console records the gate's input; an undecided recorded gate keeps the batch from being eligible */
            recorded: boolean;
            tag: components["schemas"]["MethodologyTag"];
        };
        CreditStep: {
            id: string;
            formula: string;
            inputs: {
                [key: string]: components["schemas"]["CreditInput"];
            };
            /** @description exact decimal text (fractions to 6 decimals */
            value: string;
            unit: string;
        };
        CreditResult: {
            methodology: string;
            version: number;
            eligible: boolean;
            gates: components["schemas"]["CreditGate"][];
            steps: components["schemas"]["CreditStep"][];
            /** @description exact whole grams of CO2e */
            net_co2e_g: number | null;
            missing: string[];
            pending_end_use_g: number;
            /** @description in an audit's credits: the batch the result is for */
            batch_id?: number;
            /** @description in an audit's credits: that batch's label */
            batch_label?: string;
        };
        BatchCredits: {
            results: components["schemas"]["CreditResult"][];
        };
        /** @description One batch's figure frozen at signoff under the audit's methodology (never recomputed). */
        FrozenCredit: {
            batch_id: number;
            methodology: string;
            methodology_version: number;
            rulebook_sha256: string;
            /** @description exact whole grams of CO2e */
            net_co2e_g: number;
        };
        AuditCredits: {
            /** @description the methodology the audit credits under */
            methodology: string;
            methodology_version: number;
            /** @description for each batch holding its burns, by batch id, one result per rulebook (as GET /batches/{id}/credits) */
            results: components["schemas"]["CreditResult"][];
            /** @description its burns in no batch */
            unbatched_ids: number[];
            /** @description what its signoff froze per batch (an audit signed off under a methodology other than spec-factor); empty otherwise */
            frozen: components["schemas"]["FrozenCredit"][];
        };
        /** @description One rulebook (mock-server/methodologies/<id>.v<version>.yaml) as the server loaded it; sha256 is of the file's exact bytes. A new version is a new file: an audit keeps the version it was signed under. */
        Methodology: {
            /** @description the methodology and its version */
            id: string;
            name: string;
            /** @description the rulebook's own version of this methodology */
            version: number;
            /** @description YYYY-MM-DD, the first day the console computes with this version */
            effective_from: string;
            sha256: string;
            note?: string;
            constants: components["schemas"]["MethodologyConstant"][];
            tables: components["schemas"]["MethodologyTable"][];
            gates: components["schemas"]["MethodologyGate"][];
        };
        /** @description RFC 9162 §2.1.3.1 inclusion proof, each hash lowercase hex */
        InclusionProof: {
            leaf_index: number;
            tree_size: number;
            hashes: string[];
        };
        /** @description the index of the entry found */
        TransparencyLookup: {
            index: number;
        };
        /** @description RFC 9162 §2.1.4.1 consistency proof, each hash lowercase hex */
        ConsistencyProof: {
            hashes: string[];
        };
        Readiness: {
            /** @enum {string} */
            status: "ready" | "unavailable" | "stopping";
            /** @description Why it is not ready, naming the failed dependency. */
            message?: string;
            checks: {
                store: components["schemas"]["DependencyCheck"];
                files: components["schemas"]["DependencyCheck"];
            };
        };
        DependencyCheck: {
            /** @enum {string} */
            kind: "embedded" | "postgres" | "local" | "s3";
            ok: boolean;
        };
        Error: {
            /** @description A sentence naming the problems; for a 400 every field's reason, joined. */
            message: string;
            /**
             * @description Only on a 400 about fields, or a 403 about fields the caller may not set (a
             *     facility admin's GPS box and carbon factors): each field's reason by its path as the shared
             *     validators key it (`kiln_id`, `config.cgo1.per_g_weight`), the shape
             *     react-admin puts on the form's inputs, e.g.
             *     {"message": "mnemonic is already in use.", "errors": {"mnemonic": "mnemonic is already in use."}}.
             */
            errors?: {
                [key: string]: string;
            };
        };
        Status: {
            /** @constant */
            status: 1;
        };
        Change: {
            id: number;
            date: string;
            title: string;
            /** @description sanitised HTML */
            body: string;
        };
        /** @description A user as the Users screen lists it; never a password or its hash. */
        User: {
            id: number;
            username: string;
            role: number;
            role_name: string;
            /** @description the facilities the user owns (a facility admin reaches only these) */
            facility_ids: number[];
            facilities: components["schemas"]["FacilityOption"][];
            created_ts: string;
            last_login_ts: string | null;
            /** @description the password was set by a user-admin; the user must choose their own at the next login */
            must_change_password: boolean;
            /** @description a user-admin created or reset this account, or gave it a role of 3–5; no login until a super-admin releases it */
            locked: boolean;
        };
        UserCreateRequest: {
            username: string;
            role: number;
            /** @description required (at least one) for role 4, empty or absent otherwise */
            facility_ids?: number[];
            /** @description a temporary password (Medium strength or better) the user must replace at the next login */
            password: string;
        };
        /** @description Any of the fields; a password given is a reset, temporary like a new user's. */
        UserUpdateRequest: {
            role?: number;
            facility_ids?: number[];
            password?: string;
        };
        /** @description One change to a user (who, what, when); passwords are never recorded, only that one was set. */
        UserChange: {
            id: number;
            user_id: number;
            username: string;
            actor_id: number | null;
            actor_username: string;
            /** @enum {string} */
            action: "create" | "update" | "reset_password" | "change_password" | "delete" | "release";
            detail: {
                role?: {
                    from: number | null;
                    to: number | null;
                };
                facility_ids?: {
                    from: number[];
                    to: number[];
                };
                /** @description locked until a super-admin's release (to true), or released (to false) */
                locked?: {
                    from: boolean;
                    to: boolean;
                };
            };
            ts: string;
        };
        ChangeSaveRequest: {
            /** @description YYYY-MM-DD */
            date: string;
            title: string;
            /** @description HTML; sanitised before it is stored */
            body: string;
        };
        /** @description A snapshot, kept until the next recompute. Live logs split into valid, invalid and error; archived apart. */
        Statistics: {
            computed_ts: string;
            users: number;
            facilities: number;
            kilns: number;
            kilnlogs: number;
            valid_kilnlogs: number;
            invalid_kilnlogs: number;
            error_kilnlogs: number;
            archived_kilnlogs: number;
            audits_proposed: number;
            audits_signed_off: number;
            eco_assets: number;
            /** @description bytes of burn logs */
            storage_bytes: number;
            /** @description kg */
            audited_co2: number;
            /** @description kg allocated to minted eco assets */
            utilised_co2: number;
            /** @description kg */
            audited_biochar: number;
        };
        /** @description A facility to pick (docs/product.md#facility-dropdown-item). */
        FacilityOption: {
            id: number;
            mnemonic: string;
            name: string;
        };
        /** @description A facility to give a facility admin, and its owner now. */
        UserFacilityOption: {
            id: number;
            mnemonic: string;
            name: string;
            owner_id: number;
            /** @description null when no user has that id */
            owner_username: string | null;
        };
        /**
         * @description A kiln's calibration; every number is optional. The server checks (400 naming the
         *     field, e.g. config.cgo1.per_g_weight): C-Go-1 per_g_weight 0 to 100000 with at most
         *     4 decimals (raw counts per gram), C-Go-1 zero_weight -100000 to 5000000 with at most
         *     2 decimals (raw reading when empty), Terrafix per_g_weight 0 to 100000, 4 decimals.
         */
        KilnConfig: {
            cgo1?: {
                per_g_weight?: number | null;
                zero_weight?: number | null;
            } | null;
            terrafix?: {
                per_g_weight?: number | null;
            } | null;
        };
        /** @description A registered kiln (docs/product.md#kiln-record); config is the JSON text of a KilnConfig. */
        Kiln: {
            id: number;
            /** @description the identifier the kiln reports itself with */
            kiln_id: string;
            facility_id: number;
            facility_mnemonic: string;
            facility_name: string;
            /** @description 0 C-Go-1 */
            type: number;
            /** @description YYYY-MM-DD */
            install_date: string;
            /** @description ISO timestamp */
            last_update: string;
            /** @description JSON text of a KilnConfig */
            config: string;
            /** @description when a super-admin approved the kiln id; null: pending (registered or renamed by a facility admin), its logs kept but not creditable */
            approved_ts: string | null;
            /** @description the approving super-admin's user id; null for a kiln approved by the upgrade that introduced approval */
            approved_by: number | null;
            /** @description a calibration change waits for a super-admin (GET /kilns/{id}/calibrations); config is the approved one in force */
            calibration_pending: boolean;
        };
        /**
         * @description One version of a kiln's calibration (docs/security.md, "Who can move which number"). Pending
         *     (approved_ts null) it is not used; approved it is in force from effective_from (the approval)
         *     for burns whose log time is at or after it. superseded_ts: replaced by a later version before approval.
         */
        KilnCalibration: {
            id: number;
            /** @description the kiln's record id */
            kiln_id: number;
            /** @description JSON text of a KilnConfig */
            config: string;
            /** @description UTC ISO; null while pending */
            effective_from: string | null;
            /** @description null: the upgrade's version 1 (the config the kiln had) or the demo seed */
            proposed_by: number | null;
            /** @description the proposer's username (null with proposed_by */
            proposed_by_name: string | null;
            proposed_ts: string;
            /** @description the approving super-admin; null while pending, or for version 1 and a calibration with no numbers */
            approved_by: number | null;
            /** @description the approver's username (null with approved_by */
            approved_by_name: string | null;
            approved_ts: string | null;
            superseded_ts: string | null;
            /** @description lowercase hex SHA-256 of the attached calibration certificate */
            certificate_sha256: string | null;
        };
        KilnApproveRequest: {
            /** @description the kiln's record id */
            id: number;
        };
        KilnLogAssignRequest: {
            /** @description the record id of the registered kiln to file the log under */
            kiln: number;
        };
        /**
         * @description What a fleet anomaly rule raised on one burn when it was analysed (docs/analysis.md,
         *     "Fleet anomalies"), and whether someone checked it: who, when and with what note.
         */
        Anomaly: {
            id: number;
            /** @enum {string} */
            code: "DUPLICATE_CURVE" | "GPS_JUMP" | "TARE_DRIFT" | "YIELD_OUTLIER" | "RATE_IMPOSSIBLE" | "COPIED_BURN";
            /** @description the burn (kiln log id) */
            log_id: number;
            /** @description the other burn the rule names (the matching curve */
            other_log_id: number | null;
            /** @description kilns record id */
            kiln: number;
            kiln_id: string;
            facility_id: number;
            facility_name: string;
            message: string;
            /** @description the burn's first reading */
            logts: string | null;
            raised_ts: string;
            checked_ts: string | null;
            checked_by: number | null;
            checked_by_name: string | null;
            check_note: string | null;
        };
        AnomalyCheckRequest: {
            /** @description what was checked and found */
            note: string;
        };
        FleetFacility: {
            id: number;
            mnemonic: string;
            name: string;
            latitude_min: number;
            latitude_max: number;
            longitude_min: number;
            longitude_max: number;
        };
        /** @description A live analysed burn of a registered kiln, as the Fleet screen's map and trends read it. */
        FleetBurn: {
            /** @description kiln log id */
            id: number;
            facility_id: number;
            kiln: number;
            kiln_id: string;
            kiln_type: number;
            logts: string | null;
            latitude: number;
            longitude: number;
            valid: boolean;
            /** @description codes of the validity rules the burn failed */
            reasons: string[];
            /** @description ms */
            burn_duration: number;
            biomass_loaded: number;
            biochar_produced: number;
            co2_removed: number;
            open_anomalies: number;
        };
        FleetView: {
            facilities: components["schemas"]["FleetFacility"][];
            burns: components["schemas"]["FleetBurn"][];
        };
        /** @description An Ed25519 public key a kiln signs its uploads with (docs/security.md, "Kiln identity"). kiln_id is the kiln's record id. */
        KilnKey: {
            id: number;
            /** @description the record id of the kiln */
            kiln_id: number;
            /** @description lowercase hex SHA-256 of the DER SPKI bytes */
            fingerprint: string;
            label: string;
            /** @description PEM (SPKI) */
            public_key: string;
            /** Format: date-time */
            created_ts: string;
            /** @description the user id who added it; null for the demo seed */
            created_by: number | null;
            /** @description the username of who added it; null for the demo seed or a user since deleted */
            created_by_name: string | null;
            /**
             * Format: date-time
             * @description when a super-admin approved it (at once for a super-admin's own key and the seed's); null: pending, its signatures refused. A key is active when approved and not revoked.
             */
            approved_ts: string | null;
            /** @description the approving super-admin's user id; null while pending, and for the demo seed's keys */
            approved_by: number | null;
            /**
             * Format: date-time
             * @description null while active; revoking is final
             */
            revoked_ts: string | null;
        };
        KilnKeyAddRequest: {
            /** Format: single-line */
            label: string;
            /** @description an Ed25519 public key in PEM (SPKI) */
            public_key: string;
        };
        SignedBurnsOnlyRequest: {
            signed_burns_only: boolean;
        };
        /**
         * @description One decision about what a facility's burns are credited with (who, what, when):
         *     create and update record each GPS bound, carbon factor and batch or methodology setting that changed (from, to);
         *     approve_kiln the kiln approved; assign_log the log filed under one of its kilns;
         *     add_kiln_key, approve_kiln_key and revoke_kiln_key the key of one of its kilns; signed_burns_only the audit setting;
         *     propose_calibration, approve_calibration and attach_calibration_certificate a calibration version of one of its kilns;
         *     withdraw_proposal the proposal withdrawn.
         */
        FacilityChange: {
            id: number;
            facility_id: number;
            actor_id: number | null;
            actor_username: string;
            /** @enum {string} */
            action: "create" | "update" | "approve_kiln" | "assign_log" | "add_kiln_key" | "revoke_kiln_key" | "approve_kiln_key" | "signed_burns_only" | "propose_calibration" | "approve_calibration" | "attach_calibration_certificate" | "withdraw_proposal";
            detail: {
                values?: {
                    latitude_min?: components["schemas"]["CreditValueChange"];
                    latitude_max?: components["schemas"]["CreditValueChange"];
                    longitude_min?: components["schemas"]["CreditValueChange"];
                    longitude_max?: components["schemas"]["CreditValueChange"];
                    wicf?: components["schemas"]["CreditValueChange"];
                    carbon_removal_factor?: components["schemas"]["CreditValueChange"];
                };
                kiln?: {
                    id: number;
                    kiln_id: string;
                };
                kilnlog_id?: number;
                /** @description the kiln key added, approved or revoked (with `kiln`) */
                key?: {
                    id: number;
                    fingerprint: string;
                    label: string;
                };
                signed_burns_only?: {
                    from: boolean;
                    to: boolean;
                };
                /** @description each batch or methodology setting set (create and update); from is null when the facility was created */
                settings?: {
                    batch_period_days?: {
                        from: number | null;
                        to: number;
                    };
                    vm0044_high_tech_conditions?: {
                        from: components["schemas"]["HighTechConditions"] | null;
                        to: components["schemas"]["HighTechConditions"];
                    };
                    temperature_monitored?: {
                        from: boolean | null;
                        to: boolean;
                    };
                };
                /** @description the calibration version (with `kiln`) */
                calibration?: {
                    id: number;
                    config: string;
                };
                certificate_sha256?: string;
                /** @description the proposal withdrawn (withdraw_proposal) */
                proposal?: {
                    id: number;
                    job_id: string;
                    analysis_ids: number[];
                };
            };
            ts: string;
        };
        CreditValueChange: {
            /** @description null when the facility was created */
            from: number | null;
            to: number;
        };
        /**
         * @description Add (id null) or edit a kiln. The server checks, each a 400 naming the field:
         *     kiln_id (required, letters, digits, '.', '_', '-', at most 64), facility_id,
         *     type (0, 1 or 2) and install_date (YYYY-MM-DD) required; kiln_id plus facility_id
         *     unique (case-insensitive) and kiln_id unused at any other facility (a 400 on
         *     kiln_id alone); the config numbers (see KilnConfig). An unknown facility or kiln,
         *     or one a facility admin does not own, is a 404.
         */
        KilnSavePayload: {
            id?: number | null;
            kiln_id?: string;
            facility_id?: number | null;
            type?: number | null;
            install_date?: string | null;
            config?: components["schemas"]["KilnConfig"];
        };
        KilnRegistryResponse: {
            kilns: components["schemas"]["Kiln"][];
            /** @description the facilities the caller may put a kiln in */
            facilities: components["schemas"]["FacilityOption"][];
        };
        FacilityKilnsResponse: {
            kilns: components["schemas"]["Kiln"][];
        };
        /**
         * @description A facility (docs/product.md#facility-record). kiln_type_config is the JSON text
         *     {"cgo1":{"wicf":0.35,"carbonRemovalFactor":2.44}}; photo_uploaded_ts is null
         *     when the facility has no photo.
         */
        Facility: {
            id: number;
            mnemonic: string;
            name: string;
            /** @description a user id (shown as uid) */
            owner_id: number;
            latitude_min: number;
            latitude_max: number;
            longitude_min: number;
            longitude_max: number;
            last_updated: string;
            /** @description null means no audit */
            latest_facility_audit_id: number | null;
            kiln_type_config: string;
            photo_uploaded_ts: string | null;
            /** @description a super-admin's setting: only device-signed burns may be proposed for and signed off in its audits */
            signed_burns_only?: boolean;
            /** @description a super-admin's setting: the longest span of log times one of its production batches may have, days (default 31) */
            batch_period_days?: number;
            vm0044_high_tech_conditions?: components["schemas"]["HighTechConditions"];
            /** @description a super-admin's setting: its production temperature is monitored (VM0044, Rainbow); default false */
            temperature_monitored?: boolean;
        };
        /** @description A super-admin's setting: the four conditions of a VM0044 high-tech facility (the rulebook's high_tech_conditions), each true or false; high-tech only when all four hold. Default each false. */
        HighTechConditions: {
            gases_recovered_or_combusted: boolean;
            heat_used: boolean;
            pollution_control: boolean;
            temperature_measured: boolean;
        };
        /** @description A facility's config as stored (the JSON text of kiln_type_config); only the C-Go-1 kiln type is recognised. */
        FacilityConfig: {
            cgo1: {
                /** @description 0 to 100 */
                wicf: number;
                /** @description 0 to 100 */
                carbonRemovalFactor: number;
            };
        };
        /** @description The config a save sends; the server checks it field by field (see FacilitySavePayload). */
        FacilityConfigInput: {
            cgo1?: {
                /** @description 0 to 100 */
                wicf?: number | null;
                /** @description 0 to 100 */
                carbonRemovalFactor?: number | null;
            };
        };
        /**
         * @description Add (id null) or edit a facility. The server checks, each a 400 naming the field:
         *     mnemonic required (at most 16), not already taken (case-insensitive), and unchanged
         *     on edit; name at most 200; owner_id required and one of allowedOwners; latMin, latMax
         *     (-90 to 90) and lonMin, lonMax (-180 to 180) required with 2 decimals and min below
         *     max (both named); config.cgo1.wicf and config.cgo1.carbonRemovalFactor required,
         *     0 to 100 with 4 decimals; batch_period_days, when given, a whole number of days from 1
         *     to 3660. The GPS box, the carbon factors and the batch and methodology settings
         *     (batch_period_days, vm0044_high_tech_conditions, temperature_monitored; absent, the
         *     stored ones are kept, and a new facility has the defaults) are a super-admin's to
         *     change: a facility admin's edit that changes one is a 403 naming them (sent unchanged,
         *     as the console sends every field, they are accepted); each change is recorded
         *     (GET /facility/{id}/changes).
         */
        FacilitySavePayload: {
            id?: number | null;
            mnemonic?: string;
            name?: string;
            owner_id?: number | null;
            latMin?: number | null;
            latMax?: number | null;
            lonMin?: number | null;
            lonMax?: number | null;
            config?: components["schemas"]["FacilityConfigInput"];
            batch_period_days?: number;
            vm0044_high_tech_conditions?: components["schemas"]["HighTechConditions"];
            temperature_monitored?: boolean;
        };
        FacilityOwnerOption: {
            id: number;
            username: string;
            role: number;
        };
        FacilityListResponse: {
            facilities: components["schemas"]["Facility"][];
            /** @description the mnemonics already taken (of the facilities the caller sees) */
            mnemonics: string[];
            /** @description facility admins and super-admins; for a facility admin, only themself */
            allowedOwners: components["schemas"]["FacilityOwnerOption"][];
        };
        FacilityDropdownResponse: {
            data: components["schemas"]["FacilityOption"][];
        };
        FacilityStatementUploadResult: {
            /** @constant */
            status: 1;
            /** @description the new statement */
            id: number;
        };
        /**
         * @description A burn in the audit views (docs/product.md#log-and-analysis-row, docs/product.md#audit-log-table): the
         *     kiln log row with its data sample (empty when the file gave none: 'No Sample Data'),
         *     and its chart where the call says so.
         */
        AuditLog: components["schemas"]["KilnLog"] & {
            data_sample: components["schemas"]["DataSampleRow"][];
            chart_data?: components["schemas"]["ChartPoint"][];
        };
        /**
         * @description The burns that can be proposed (`data`, docs/product.md#calls), and apart from them the burns that
         *     would qualify but whose result came from an older algorithm: they need re-analysis
         *     before they can be proposed (`needs_reanalysis`), never audited on old numbers. A burn with an
         *     open fleet anomaly is in neither: it is held back (`held_back`) until a second person checks it.
         */
        PotentialLogsResponse: {
            data: components["schemas"]["AuditLog"][];
            needs_reanalysis: components["schemas"]["AuditLog"][];
            held_back: components["schemas"]["HeldBackLog"][];
            /** @description the current analysis algorithm; only its results can be proposed */
            algorithm_version: string;
        };
        /** @description A burn that would be a potential log but has open fleet anomalies, and why. */
        HeldBackLog: {
            /** @description kiln log id */
            id: number;
            kiln_id: string | null;
            logts: string | null;
            codes: string[];
            anomaly_ids: number[];
            reason: string;
        };
        ProposeRequest: {
            analysis_ids: number[];
        };
        /** @description A proposed audit (docs/product.md#proposed-audit-dropdown-item); create_ts is UTC ISO. */
        ProposedAudit: {
            /** @description the methodology it credits under (spec-factor: its burns' figures) */
            methodology: string;
            /** @description that rulebook's version */
            methodology_version: number;
            id: number;
            /** Format: date-time */
            create_ts: string;
            /** @description 0 C-Go-1, 1 Retort, 2 Terrafix; -1 burns of more than one type (Unknown Kiln Type) */
            kiln_type: number;
            job_id: string;
            /** @description the user id of who proposed it (null for proposals older than the record); they may not sign it off */
            proposed_by: number | null;
            /** @description their username (null when unknown or deleted) */
            proposed_by_name: string | null;
            facility_id: number;
            facility_name: string;
            /** @description the burns it claims */
            analysis_ids: number[];
        };
        /** @description The new proposal (a ProposedAudit) with its facility and burns; the console does not read it. */
        ProposeResult: {
            methodology: string;
            methodology_version: number;
            id: number;
            /** Format: date-time */
            create_ts: string;
            /** @description the type of its burns, or -1 when they are of more than one */
            kiln_type: number;
            job_id: string;
            /** @description the user id of who proposed it */
            proposed_by: number | null;
            facility_id: number;
            analysis_ids: number[];
        };
        ProposedAuditsResponse: {
            /** @description open proposals, newest first */
            data: components["schemas"]["ProposedAudit"][];
        };
        /** @description One facility's part of a proposal (docs/product.md#auditable-logs-response co2_summary). */
        AuditFacilitySummary: {
            /** @description the facility's name */
            name: string;
            /** @description burns */
            count: number;
            /** @description kg CO2 removed */
            co2: number;
            /** @description kg biochar produced */
            biochar: number;
        };
        AuditableLogsResponse: {
            data: {
                /** @description the proposal's burns with their charts, oldest first */
                logs: components["schemas"]["AuditLog"][];
                co2_summary: components["schemas"]["AuditFacilitySummary"][];
            };
        };
        /**
         * @description A signed-off audit (docs/product.md#audit-history-item); signoff_ts is UTC ISO, docKey the
         *     evidence's key for GET /audit/evidence/{doc_key}. Beyond the spec: its facility, the
         *     type of its evidence, the analysis algorithm versions its burns were certified with, and
         *     the usernames of who proposed and who signed it off (null when unknown or deleted).
         */
        AuditHistoryItem: {
            id: number;
            /** Format: date-time */
            signoff_ts: string;
            job_id: string;
            kiln_type: number;
            /** @description kg */
            audited_co2: number;
            /** @description kg */
            audited_biochar: number;
            docKey: string;
            facility_id: number;
            facility_name: string;
            /** @enum {string} */
            evidence_mime_type: "application/pdf" | "image/png" | "image/jpeg";
            /** @description distinct */
            algorithm_versions: string[];
            log_count: number;
            proposed_by_name: string | null;
            signed_off_by_name: string | null;
            /** @description SHA-256 (hex) of its verification package (GET /audit/{id}/package), once made: signoff makes it; an audit signed off before has it from its first download, null until then */
            package_sha256: string | null;
        };
        AuditHistoryResponse: {
            /** @description newest signoff first */
            data: components["schemas"]["AuditHistoryItem"][];
        };
        /** @description A burn's numbers as its audit certified them, frozen at signoff. */
        AuditedBurn: {
            analysis_id: number;
            /** @description kg */
            co2_removed: number;
            /** @description kg */
            biochar_produced: number;
            algorithm_version: string;
        };
        /** @description The audit's burns (`data`, docs/product.md#calls) and, per burn, the numbers frozen at signoff (`burns`, same order). */
        AuditedLogsResponse: {
            data: components["schemas"]["AuditLog"][];
            burns: components["schemas"]["AuditedBurn"][];
        };
        Co2SummaryMonth: {
            year: number;
            month: number;
            /** @description kg */
            audited_co2: number;
            /** @description kg of those audits allocated to eco assets */
            utilised_co2: number;
            /** @description kg */
            audited_biochar: number;
        };
        /** @description Carbon summary (docs/product.md#carbon-summary) per facility and signoff month. */
        Co2SummaryResponse: {
            /** @constant */
            status: 1;
            message: string;
            data: {
                facilities: {
                    id: number;
                    name: string;
                    data: components["schemas"]["Co2SummaryMonth"][];
                }[];
            };
        };
        /** @description A minted eco asset; co2_allocated is the sum of its allocations (kg, whole grams), co2_issued + co2_buffer; one gram serial a gram. */
        EcoAsset: {
            id: number;
            minting_note: string;
            transaction_id: string;
            co2_allocated: number;
            /** @description kg issued: co2_allocated less the buffer (whole grams) */
            co2_issued: number;
            /** @description kg withheld in the buffer pool against reversal at the buffer share in force at the mint */
            co2_buffer: number;
            /** @description kg of the issued units retired so far */
            co2_retired: number;
            /** @description first gram serial of the issued block (KC-<first>-<last>); null for 0 g */
            serial_first: number | null;
            serial_last: number | null;
            /** @description first gram serial of the buffer's block; null for a buffer of 0 g */
            buffer_serial_first: number | null;
            buffer_serial_last: number | null;
            /** @description when it was minted, ISO */
            minted_ts: string;
        };
        EcoAssetListResponse: {
            /** @description the eco assets drawing on at least one audit of the facility, newest first, each with the facility's share */
            eco_assets: components["schemas"]["FacilityEcoAsset"][];
        };
        /** @description An eco asset as a facility's list shows it; co2_allocated is the whole asset's, facility_co2 the part drawn from this facility's audits (kg, whole grams), so a facility's shares add up to its utilised CO2. */
        FacilityEcoAsset: {
            id: number;
            minting_note: string;
            transaction_id: string;
            co2_allocated: number;
            /** @description kg issued: co2_allocated less the buffer (whole grams) */
            co2_issued: number;
            /** @description kg withheld in the buffer pool against reversal at the buffer share in force at the mint */
            co2_buffer: number;
            /** @description kg of the issued units retired so far */
            co2_retired: number;
            /** @description first gram serial of the issued block (KC-<first>-<last>); null for 0 g */
            serial_first: number | null;
            serial_last: number | null;
            /** @description first gram serial of the buffer's block; null for a buffer of 0 g */
            buffer_serial_first: number | null;
            buffer_serial_last: number | null;
            /** @description when it was minted, ISO */
            minted_ts: string;
            /** @description kg of this asset drawn from the listed facility's audits */
            facility_co2: number;
            /** @description how many facilities the asset draws on (1: this one only) */
            facility_count: number;
        };
        /** @description Kilograms of one signed-off audit given to an eco asset; signoff_id is the audit's id. */
        AuditAllocation: {
            signoff_id: number;
            signoff_ts: string;
            co2_allocated: number;
            /** @description the signed statement, GET /api/audit/evidence/{doc_key} */
            doc_key: string | null;
            evidence_mime_type: string | null;
            /** @description the audit's job identifier */
            job_id: string;
            /** @description the audit's facility */
            facility_id: number;
            facility_name: string;
        };
        EcoAssetAuditsResponse: {
            audits: components["schemas"]["AuditAllocation"][];
        };
        AvailableAudit: {
            /** @description the methodology it was signed off under; audited_co2 is then the sum of its frozen batch figures (spec-factor: of its burns) */
            methodology: string;
            methodology_version: number;
            signoff_id: number;
            audited_co2: number;
            /** @description kg already allocated to eco assets */
            utilised_co2: number;
            signoff_ts: string;
            job_id: string;
        };
        FacilityAvailableCo2: {
            facility_name: string;
            /** @description the sum over its audits of audited_co2 minus utilised_co2, in kg (whole grams) */
            available_co2: number;
            /** @description its signed-off audits, oldest signoff first */
            audits: components["schemas"]["AvailableAudit"][];
        };
        AvailableCo2Response: {
            /** @description keyed by facility id; facilities with no signed-off audit are absent */
            audits_by_facility: {
                [key: string]: components["schemas"]["FacilityAvailableCo2"];
            };
        };
        /**
         * @description The server checks, each a 400 naming the field: minting_note and transaction_id
         *     required (at most 500 and 200 characters); co2_utilisation maps at least one
         *     signed-off audit id to kg, each more than 0 with at most 3 decimals (whole grams).
         *     A transaction_id holding invisible or control characters (a zero-width space, a
         *     bidi mark, a line break) is a 400. A transaction_id already used is a 409, compared
         *     after NFKC normalisation and case folding, invisible characters dropped. At most
         *     200 audits a mint (a 400 above).
         *     An amount above what remains of its audit when the mint is written is a 409.
         */
        MintPayload: {
            /** Format: multi-line */
            minting_note: string;
            transaction_id: string;
            /** @description signoff id (decimal digits) → kg; at most 200 audits a mint */
            co2_utilisation: {
                [key: string]: number;
            };
        };
        MintResult: {
            /** @constant */
            status: 1;
            eco_asset: components["schemas"]["EcoAsset"];
        };
        /** @description A burn as it was signed off, its numbers frozen with the analysis version that produced them. */
        ProvenanceBurn: {
            analysis_id: number;
            /** @description the raw log's file name (GET /api/kilnlogs/{id}/download, rule read kilnlog) */
            file_name: string | null;
            /** @description SHA-256 of the raw log as uploaded */
            sha256: string | null;
            /** @description whether the kiln signed the log (false: unsigned, or from before kilns signed) */
            signed: boolean;
            /** @description the kiln key that signed it */
            key_fingerprint: string | null;
            kiln_id: string | null;
            logts: string | null;
            co2_removed: number;
            biochar_produced: number;
            algorithm_version: string;
        };
        ProvenanceAllocation: {
            signoff_id: number;
            /** @description SHA-256 (hex) of the audit's verification package, null where none exists */
            package_sha256: string | null;
            co2_allocated: number;
            job_id: string;
            kiln_type: number;
            facility_id: number;
            facility_name: string;
            signoff_ts: string;
            doc_key: string | null;
            evidence_mime_type: string | null;
            audited_co2: number;
            burns: components["schemas"]["ProvenanceBurn"][];
        };
        /** @description What an eco asset stands on, allocation → audit → burns (beyond the spec, for a buyer or registry), with its retirements. */
        EcoAssetProvenance: {
            eco_asset: components["schemas"]["EcoAsset"];
            /** @description oldest first */
            retirements: components["schemas"]["EcoRetirement"][];
            allocations: components["schemas"]["ProvenanceAllocation"][];
        };
        /** @description Issued units of an eco asset retired for a named beneficiary, a block split off the front of what was left unretired. */
        EcoRetirement: {
            id: number;
            eco_asset_id: number;
            /** @description kg (whole grams) */
            co2_retired: number;
            serial_first: number;
            serial_last: number;
            beneficiary: string;
            purpose: string;
            retired_ts: string;
        };
        /**
         * @description kg of the asset's issued units not yet retired, at least 0.001 and at most 3 decimals
         *     (whole grams), at most what is left (else a 400 naming kg); beneficiary required (at most
         *     200 characters), purpose at most 500. An asset with nothing left to retire is a 409.
         */
        RetirePayload: {
            kg: number;
            /** Format: single-line */
            beneficiary: string;
            /** Format: multi-line */
            purpose?: string;
        };
        RetireResult: {
            eco_asset: components["schemas"]["EcoAsset"];
            retirement: components["schemas"]["EcoRetirement"];
        };
        /** @description The share of each mint withheld in the buffer pool; null who and when before a super-admin first set it (0 %). */
        BufferShare: {
            buffer_percent: number;
            set_ts: string | null;
            set_by_username: string | null;
        };
        /** @description One buffer share a super-admin set (who, what, when); actor_id null for the share the demo seed set. */
        BufferShareChange: {
            id: number;
            buffer_percent: number;
            actor_id: number | null;
            /** @description null when the seed set it or the user is gone */
            actor_username: string | null;
            ts: string;
        };
        /** @description 0 to 50 percent with at most 2 decimals (else a 400 naming buffer_percent). */
        BufferSharePayload: {
            buffer_percent: number;
        };
        /** @description A batch's project emissions, each figure optional (the methodologies then use their defaults); a figure comes with its text. Evidence files are named by SHA-256 (null: none). */
        BatchEmissions: {
            /** @description production methane measured for the batch */
            methane_g_per_kg: number | null;
            /** @description how the methane was measured */
            methane_method: string | null;
            methane_evidence_sha256: string | null;
            /** @description other project emissions, whole grams of CO2e */
            other_co2e_g: number | null;
            /** @description what the other emissions were */
            other_note: string | null;
            other_evidence_sha256: string | null;
        };
        /** @description PUT /batches/{id}/emissions: replaces the batch's emissions whole, each figure and text given (null: none), so an empty body never clears them. */
        BatchEmissionsRequest: {
            methane_g_per_kg: number | null;
            /** Format: single-line */
            methane_method: string | null;
            /** @description whole grams */
            other_co2e_g: number | null;
            /** Format: single-line */
            other_note: string | null;
        };
        /** @description A production batch: validated, analysed burns of one facility, kiln type and feedstock within the facility's batch period (docs/decisions.md, "Production batches, lab results and end use"). Masses are exact whole grams. */
        Batch: {
            id: number;
            label: string;
            facility_id: number;
            /** @enum {integer} */
            kiln_type: 0 | 1 | 2;
            /** @enum {string} */
            feedstock: "wood" | "herbaceous" | "rice_husk_or_straw" | "nut_shells" | "manure" | "biosolids" | "other";
            /** @description what an `other` feedstock was; null for the listed ones */
            feedstock_note: string | null;
            /** @description its burns (kilnlogs ids), ascending */
            analysis_ids: number[];
            /** @description the earliest of its burns' log times (the kiln's wall clock) */
            first_logts: string;
            /** @description the latest of its burns' log times */
            last_logts: string;
            /**
             * @description open: burns gathered; closed: complete, waiting for its sample; sampled: a lab result exists
             * @enum {string}
             */
            state: "open" | "closed" | "sampled";
            /** @description the exact sum of its burns' biochar, grams */
            wet_biochar_g: number;
            /** @description from the moisture of the lab result in force, rounded down to the gram; null before one */
            dry_biochar_g: number | null;
            /** @description the lowest of its burns' highest treatment temperatures; null when a burn has none recorded */
            production_temp_c: number | null;
            emissions: components["schemas"]["BatchEmissions"] | null;
            created_by: number | null;
            /** Format: date-time */
            created_ts: string;
        };
        /** @description POST /batches. The rules (src/domain/batches/batchRules.ts) are checked on the burns as stored: a refusal is a 400 naming the field, nothing stored. */
        BatchCreateRequest: {
            /** Format: single-line */
            label: string;
            facility_id: number;
            kiln_type: number;
            feedstock: string;
            /**
             * Format: single-line
             * @description required for the feedstock other, refused for the others
             */
            feedstock_note?: string | null;
            analysis_ids: number[];
        };
        /** @description A lab's values for one sample of a batch; never edited: a correction is a new result naming the one it supersedes, both kept. */
        LabResult: {
            id: number;
            batch_id: number;
            lab_id: number;
            sample_id: string;
            /** @description YYYY-MM-DD */
            sampled_date: string;
            /** @description YYYY-MM-DD */
            reported_date: string;
            methods: string[];
            c_tot_pct: number | null;
            c_inorg_pct: number | null;
            c_org_pct: number | null;
            /** @description molar ratio */
            h_c_org: number | null;
            /** @description molar ratio */
            o_c_org: number | null;
            /** @description as received */
            moisture_pct: number | null;
            ash_pct: number | null;
            volatile_matter_pct: number | null;
            /** @description random reflectance */
            ro_pct: number | null;
            contaminants_pass: boolean | null;
            certificate_sha256: string;
            /** @description the certificate's bytes carry a valid Ed25519 signature by a key of the lab active when it was recorded */
            lab_signed: boolean;
            /** @description the result this one corrects */
            supersedes: number | null;
            recorded_by: number | null;
            /** Format: date-time */
            recorded_ts: string;
        };
        /** @description Where some of a batch's char went; the end uses of a batch never take more than its dry biochar (its wet biochar before a moisture result). */
        EndUse: {
            id: number;
            batch_id: number;
            /** @enum {string} */
            kind: "soil_application" | "other";
            kind_note: string | null;
            /** @description dry char applied */
            dry_g: number;
            /** @description YYYY-MM-DD */
            date: string;
            latitude: number;
            longitude: number;
            /** @description the site's mean annual soil temperature, °C */
            soil_temp_c: number;
            /** @description `measured`, or the dataset named */
            soil_temp_source: string;
            recipient: string;
            /** @description the delivery note or photo */
            evidence_sha256: string;
            recorded_by: number | null;
            /** Format: date-time */
            recorded_ts: string;
        };
        /** @description A laboratory's Ed25519 public key; a certificate signed by an active one makes its result lab-signed. */
        LabKey: {
            id: number;
            lab_id: number;
            /** @description PEM (SPKI) */
            public_key: string;
            /** @description lowercase hex SHA-256 of the DER SPKI bytes */
            fingerprint: string;
            registered_by: number | null;
            /** Format: date-time */
            registered_ts: string;
            /**
             * Format: date-time
             * @description null while in force
             */
            revoked_ts: string | null;
            /** @description who revoked it; null while in force, or for a key revoked before this was kept */
            revoked_by: number | null;
        };
        Lab: {
            id: number;
            name: string;
            /** @description e.g. an ISO/IEC 17025 accreditation number */
            accreditation: string;
            created_by: number | null;
            /** Format: date-time */
            created_ts: string;
            /** @description oldest first, revoked ones too */
            keys: components["schemas"]["LabKey"][];
        };
        LabCreateRequest: {
            /** Format: single-line */
            name: string;
            /** Format: single-line */
            accreditation: string;
        };
        LabKeyAddRequest: {
            /** @description an Ed25519 public key in PEM (SPKI) */
            public_key: string;
        };
    };
    responses: {
        /** @description The request conflicts with the record's state (e.g. an audited burn, a duplicate upload). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than the limit. */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body's Content-Type is not one this call accepts. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Invalid input; the message names the field, and `errors` gives each field's reason by its path. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database or file storage cannot be reached at the moment; Retry-After says when to try again. */
        Unavailable: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing, malformed, forged or expired token. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token's rules do not allow this call. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The caller's password was set by a user-admin (a new account, a reset): every call
         *     but POST /user/{own username}/update answers this until the user has chosen their own.
         */
        PasswordChangeRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The account waits for a super-admin's release (POST /users/{id}/release): a user-admin
         *     created or reset it, or gave it a role of 3–5. Every call, and the login, answers this.
         */
        AccountLocked: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database or file storage cannot be reached, or too many passwords are being checked or hashed at once; Retry-After says when to try again. */
        UnavailableOrBusy: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many passwords are being checked or hashed at once; Retry-After says when to try again. */
        HashesBusy: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        FacilityId: number;
        /**
         * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
         * @example ["logts","DESC"]
         */
        ListSort: string;
        /**
         * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
         * @example [0,24]
         */
        ListRange: string;
        /**
         * @description Simple REST filter, a JSON object. Keys: id (number or list, getMany), facility_id
         *     (number or list), kiln (kilns record id), kiln_id (the kiln's own identifier, exact),
         *     type (kiln type 0|1|2), from and to (log time, the kiln's local clock, YYYY-MM-DD or
         *     YYYY-MM-DDTHH:mm[:ss], inclusive; a date-only `to` takes the whole day),
         *     status (valid|invalid|error), audited (true|false), q (text in kiln id, facility
         *     name, file name, error message or id). Unknown keys are a 400.
         * @example {"facility_id":1,"status":"valid"}
         */
        KilnLogFilter: string;
        /**
         * @description Simple REST filter, a JSON object. Keys: facility_id (number), kiln (kilns record
         *     id), code (DUPLICATE_CURVE|GPS_JUMP|TARE_DRIFT|YIELD_OUTLIER|RATE_IMPOSSIBLE|COPIED_BURN),
         *     log_id (number or list of at most 1000: the anomalies of these burns), open
         *     (true: not yet checked; false: checked). Unknown keys are a 400.
         * @example {"code":"GPS_JUMP","open":true}
         */
        AnomalyFilter: string;
        KilnLogId: number;
        RecordId: number;
        /**
         * @description Simple REST filter, a JSON object. Keys: id (number or list, getMany), role (0-5), q (text in the username). Unknown keys are a 400.
         * @example {"role":4}
         */
        UserFilter: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description items first-last/total (items *\/total for an empty page).
         * @example items 0-24/319
         */
        ContentRange: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server process is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Not ready; `checks` names what failed. */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    listSigningKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningKeys"];
                };
            };
        };
    };
    getTransparencyCheckpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed checkpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getTransparencyEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry's bytes, as hashed into the log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    lookUpTransparencyEntry: {
        parameters: {
            query: {
                /** @example 0 */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry's index. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransparencyLookup"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getInclusionProof: {
        parameters: {
            query: {
                index: number;
                tree_size: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proof. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InclusionProof"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getConsistencyProof: {
        parameters: {
            query: {
                first: number;
                second: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proof. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsistencyProof"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Wrong username or password. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            423: components["responses"]["AccountLocked"];
            /** @description Too many failed logins from this client (for this username, or for any); Retry-After says when to try again. */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many logins are being checked at once, or the database is unavailable; Retry-After says when to try again. */
            503: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMethodologies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rulebooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Methodology"][];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    listRecentChanges: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Change"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["Unavailable"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pass": "Contract-Check-2026!"
                 *     }
                 */
                "application/json": {
                    pass: string;
                };
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["UnavailableOrBusy"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /**
                 * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
                 * @example ["logts","DESC"]
                 */
                sort?: components["parameters"]["ListSort"];
                /**
                 * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
                 * @example [0,24]
                 */
                range?: components["parameters"]["ListRange"];
                /**
                 * @description Simple REST filter, a JSON object. Keys: id (number or list, getMany), role (0-5), q (text in the username). Unknown keys are a 400.
                 * @example {"role":4}
                 */
                filter?: components["parameters"]["UserFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users. */
            200: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "contract-check-{run}",
                 *       "role": 1,
                 *       "password": "Contract-Check-2026!"
                 *     }
                 */
                "application/json": components["schemas"]["UserCreateRequest"];
            };
        };
        responses: {
            /** @description The new user. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["UnavailableOrBusy"];
        };
    };
    listUserFacilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every facility, by mnemonic, with who owns it (the Users screen warns before one changes owner). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserFacilityOption"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": 3
                 *     }
                 */
                "application/json": components["schemas"]["UserUpdateRequest"];
            };
        };
        responses: {
            /** @description The user as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["UnavailableOrBusy"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    releaseUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user as released. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listUserChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserChange"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    getStatistics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statistics"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateStatistics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new snapshot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statistics"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAdminChanges: {
        parameters: {
            query?: {
                /**
                 * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
                 * @example ["logts","DESC"]
                 */
                sort?: components["parameters"]["ListSort"];
                /**
                 * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
                 * @example [0,24]
                 */
                range?: components["parameters"]["ListRange"];
                /** @description Simple REST filter, a JSON object. Keys: id (number or list), q (text in the title). Unknown keys are a 400. */
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Change"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    createAdminChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-01",
                 *       "title": "contract-check-{run}",
                 *       "body": "<p>An entry of the contract check, which deletes it again.</p>"
                 *     }
                 */
                "application/json": components["schemas"]["ChangeSaveRequest"];
            };
        };
        responses: {
            /** @description The entry as stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Change"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAdminChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Change"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateAdminChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-01",
                 *       "title": "contract-check-{run}",
                 *       "body": "<p>An entry of the contract check, which deletes it again.</p>"
                 *     }
                 */
                "application/json": components["schemas"]["ChangeSaveRequest"];
            };
        };
        responses: {
            /** @description The entry as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Change"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteAdminChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Change"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listFleetAnomalies: {
        parameters: {
            query?: {
                /**
                 * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
                 * @example ["logts","DESC"]
                 */
                sort?: components["parameters"]["ListSort"];
                /**
                 * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
                 * @example [0,24]
                 */
                range?: components["parameters"]["ListRange"];
                /**
                 * @description Simple REST filter, a JSON object. Keys: facility_id (number), kiln (kilns record
                 *     id), code (DUPLICATE_CURVE|GPS_JUMP|TARE_DRIFT|YIELD_OUTLIER|RATE_IMPOSSIBLE|COPIED_BURN),
                 *     log_id (number or list of at most 1000: the anomalies of these burns), open
                 *     (true: not yet checked; false: checked). Unknown keys are a 400.
                 * @example {"code":"GPS_JUMP","open":true}
                 */
                filter?: components["parameters"]["AnomalyFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of anomalies. */
            200: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anomaly"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    checkFleetAnomaly: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "Visited the site: the kiln was moved for a demonstration."
                 *     }
                 */
                "application/json": components["schemas"]["AnomalyCheckRequest"];
            };
        };
        responses: {
            /** @description The anomaly, checked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anomaly"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    listFleetBurns: {
        parameters: {
            query?: {
                /** @description only this facility's */
                facility_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Facilities and burns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FleetView"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    listKilnLogs: {
        parameters: {
            query?: {
                /**
                 * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
                 * @example ["logts","DESC"]
                 */
                sort?: components["parameters"]["ListSort"];
                /**
                 * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
                 * @example [0,24]
                 */
                range?: components["parameters"]["ListRange"];
                /**
                 * @description Simple REST filter, a JSON object. Keys: id (number or list, getMany), facility_id
                 *     (number or list), kiln (kilns record id), kiln_id (the kiln's own identifier, exact),
                 *     type (kiln type 0|1|2), from and to (log time, the kiln's local clock, YYYY-MM-DD or
                 *     YYYY-MM-DDTHH:mm[:ss], inclusive; a date-only `to` takes the whole day),
                 *     status (valid|invalid|error), audited (true|false), q (text in kiln id, facility
                 *     name, file name, error message or id). Unknown keys are a 400.
                 * @example {"facility_id":1,"status":"valid"}
                 */
                filter?: components["parameters"]["KilnLogFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of rows. */
            200: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    uploadKilnLog: {
        parameters: {
            query?: never;
            header?: {
                "Kiln-Key"?: string;
                "Kiln-Signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file?: Blob;
                };
                "text/csv": unknown;
            };
        };
        responses: {
            /** @description The new row, analysed. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The same content (sha256) was uploaded before; the message names the log. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    getKilnLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["KilnLogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLogDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    downloadKilnLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["KilnLogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes, with Content-Disposition attachment and a safe file name. */
            200: {
                headers: {
                    /** @example attachment; filename="CG1-0007_2026-03-01T0600.csv" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    analyseKilnLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["KilnLogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row, analysed again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    assignKilnLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["KilnLogId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kiln": 1
                 *     }
                 */
                "application/json": components["schemas"]["KilnLogAssignRequest"];
            };
        };
        responses: {
            /** @description The row, filed and analysed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    archiveKilnLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["KilnLogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row, with archived_ts and delete_after. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    listArchivedKilnLogs: {
        parameters: {
            query?: {
                /**
                 * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
                 * @example ["logts","DESC"]
                 */
                sort?: components["parameters"]["ListSort"];
                /**
                 * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
                 * @example [0,24]
                 */
                range?: components["parameters"]["ListRange"];
                /**
                 * @description Simple REST filter, a JSON object. Keys: id (number or list, getMany), facility_id
                 *     (number or list), kiln (kilns record id), kiln_id (the kiln's own identifier, exact),
                 *     type (kiln type 0|1|2), from and to (log time, the kiln's local clock, YYYY-MM-DD or
                 *     YYYY-MM-DDTHH:mm[:ss], inclusive; a date-only `to` takes the whole day),
                 *     status (valid|invalid|error), audited (true|false), q (text in kiln id, facility
                 *     name, file name, error message or id). Unknown keys are a 400.
                 * @example {"facility_id":1,"status":"valid"}
                 */
                filter?: components["parameters"]["KilnLogFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of rows. */
            200: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    getArchiveRetention: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The retention period. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        retention_days: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    restoreKilnLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["KilnLogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The row, no longer archived. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnLog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listKilnRegistry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The kilns and the facilities the caller may put a kiln in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnRegistryResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    addKiln: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": null,
                 *       "kiln_id": "contract-check-{run}",
                 *       "facility_id": 1,
                 *       "type": 0,
                 *       "install_date": "2026-01-01",
                 *       "config": {
                 *         "cgo1": {
                 *           "per_g_weight": 2.5,
                 *           "zero_weight": 84210
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["KilnSavePayload"];
            };
        };
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    editKiln: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1,
                 *       "kiln_id": "contract-check-{run}",
                 *       "facility_id": 1,
                 *       "type": 0,
                 *       "install_date": "2026-01-01",
                 *       "config": {
                 *         "cgo1": {
                 *           "per_g_weight": 2.5,
                 *           "zero_weight": 84210
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["KilnSavePayload"];
            };
        };
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    approveKiln: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1
                 *     }
                 */
                "application/json": components["schemas"]["KilnApproveRequest"];
            };
        };
        responses: {
            /** @description Approved (or approved already). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Kiln"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listKilnCalibrations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every version, pending and superseded ones too. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnCalibration"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    approveKilnCalibration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                calId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approved version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnCalibration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The version is approved already, or was superseded by a later one. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    attachCalibrationCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                calId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file_type": "pdf"
                 *     }
                 */
                "multipart/form-data": {
                    /** Format: binary */
                    file?: Blob;
                    file_type?: string;
                };
            };
        };
        responses: {
            /** @description The version with its certificate's SHA-256. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnCalibration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The version is approved and its certificate final. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listKilnKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, revoked ones too. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnKey"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    addKilnKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "yard logger",
                 *       "public_key": "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAMuJndC4UXD2ZW6js6sxQYAhda3MWATT/yvgjWheeNMk=\n-----END PUBLIC KEY-----\n"
                 *     }
                 */
                "application/json": components["schemas"]["KilnKeyAddRequest"];
            };
        };
        responses: {
            /** @description The stored key. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listKilnKeyChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The add_kiln_key, approve_kiln_key and revoke_kiln_key entries of the facility's trail that name this kiln. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacilityChange"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    approveKilnKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                keyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approved key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The key is approved already, or revoked. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeKilnKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                keyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KilnKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The key is revoked already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFacilityKilns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["FacilityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The facility's kilns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacilityKilnsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listFacilities: {
        parameters: {
            query?: {
                /** @description Sent by the console (role 4 its user id, others empty); ignored, the scope comes from the token. */
                uid?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The facilities, the mnemonics taken and the owner choices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacilityListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    addFacility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": null,
                 *       "mnemonic": "CC-{run}",
                 *       "name": "contract-check-{run}",
                 *       "owner_id": 1,
                 *       "latMin": -90,
                 *       "latMax": 90,
                 *       "lonMin": -180,
                 *       "lonMax": 180,
                 *       "config": {
                 *         "cgo1": {
                 *           "wicf": 0.35,
                 *           "carbonRemovalFactor": 2.44
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["FacilitySavePayload"];
            };
        };
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    editFacility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1,
                 *       "mnemonic": "CC-{run}",
                 *       "name": "contract-check-{run}",
                 *       "owner_id": 1,
                 *       "latMin": -90,
                 *       "latMax": 90,
                 *       "lonMin": -180,
                 *       "lonMax": 180,
                 *       "config": {
                 *         "cgo1": {
                 *           "wicf": 0.35,
                 *           "carbonRemovalFactor": 2.44
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["FacilitySavePayload"];
            };
        };
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    setSignedBurnsOnly: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["FacilityId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "signed_burns_only": false
                 *     }
                 */
                "application/json": components["schemas"]["SignedBurnsOnlyRequest"];
            };
        };
        responses: {
            /** @description The setting as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedBurnsOnlyRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listFacilityChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["FacilityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacilityChange"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listFacilityOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The facilities, by mnemonic. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacilityDropdownResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFacilityPhoto: {
        parameters: {
            query?: {
                thumb?: "0" | "1" | "false" | "true";
            };
            header?: never;
            path: {
                id: components["parameters"]["FacilityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image, with the type detected at upload. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                    "image/jpeg": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    uploadFacilityPhoto: {
        parameters: {
            query?: never;
            header: {
                /** @description the facility's id */
                "Related-Facility": number;
                /** @description a UUID the client generates for the photo */
                "photo-guid": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    photo?: Blob;
                    /** Format: binary */
                    thumb?: Blob;
                };
            };
        };
        responses: {
            /** @description Stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    uploadFacilityStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["FacilityId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file_type": "pdf"
                 *     }
                 */
                "multipart/form-data": {
                    /** Format: binary */
                    file?: Blob;
                    file_type?: string;
                };
            };
        };
        responses: {
            /** @description Stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacilityStatementUploadResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    getFacilityStatement: {
        parameters: {
            query?: {
                /** @description an audit statement of this facility (decimal digits only); default its latest_facility_audit_id */
                id?: string;
            };
            header?: never;
            path: {
                id: components["parameters"]["FacilityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement, with the type detected at upload. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                    "image/png": Blob;
                    "image/jpeg": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such facility or statement, or the facility has none yet. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    listPotentialAuditLogs: {
        parameters: {
            query: {
                kiln_type: number;
                facility_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The burns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PotentialLogsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    proposeAudit: {
        parameters: {
            query: {
                methodology?: string;
                /** @example contract-check-{run} */
                job_id: string;
                /** @example -1 */
                kiln_type: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "analysis_ids": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ProposeRequest"];
            };
        };
        responses: {
            /** @description Proposed. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposeResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    withdrawAudit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the proposal's id in GET /dropdowns/audits */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn; the proposal as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposedAudit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposals, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProposedAuditsResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditableLogs: {
        parameters: {
            query: {
                audit: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The burns (with charts) and the summary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditableLogsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The audit is already signed off (see /audit/audited_logs). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    signOffAudit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "proposed_audit_id": "1",
                 *       "file_type": "pdf",
                 *       "analysis_ids": [
                 *         "1"
                 *       ]
                 *     }
                 */
                "multipart/form-data": {
                    proposed_audit_id?: string;
                    /** Format: binary */
                    file?: Blob;
                    file_type?: string;
                    analysis_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Signed off. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditHistoryItem"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditHistory: {
        parameters: {
            query: {
                facility_id: number;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audits, newest signoff first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditHistoryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditedLogs: {
        parameters: {
            query: {
                audit_id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The burns. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditedLogsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such signed-off audit (a proposal has no audited logs yet). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    getAuditEvidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                doc_key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement, with the type detected at signoff. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                    "image/png": Blob;
                    "image/jpeg": Blob;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuditPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the audit's id in GET /audit/history */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The package. */
            200: {
                headers: {
                    /** @description attachment; filename="audit-<job id>-<YYYY-MM-DD>.zip" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuditReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the audit's id in GET /audit/history */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    /** @description inline; filename="audit-<job id>-<YYYY-MM-DD>-report.pdf" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCo2Summary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary; facilities without an audit are left out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Co2SummaryResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAvailableCo2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description audits_by_facility */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailableCo2Response"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    mintEcoAsset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "minting_note": "contract-check-{run}",
                 *       "transaction_id": "contract-check-{run}",
                 *       "co2_utilisation": {
                 *         "1": 0.001
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["MintPayload"];
            };
        };
        responses: {
            /** @description Minted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MintResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The transaction ID is taken, or an audit is not signed off or has less left than asked (the message names it); nothing was minted. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    listEcoAssets: {
        parameters: {
            query: {
                facility_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description eco_assets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EcoAssetListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEcoAssetAudits: {
        parameters: {
            query: {
                /** @description the eco asset's id */
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description audits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EcoAssetAuditsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    getBufferShare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The share. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BufferShare"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    setBufferShare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "buffer_percent": 0
                 *     }
                 */
                "application/json": components["schemas"]["BufferSharePayload"];
            };
        };
        responses: {
            /** @description The share now in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BufferShare"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    listBufferShareChanges: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BufferShareChange"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    retireEcoAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kg": 0.001,
                 *       "beneficiary": "contract-check-{run}",
                 *       "purpose": "contract check"
                 *     }
                 */
                "application/json": components["schemas"]["RetirePayload"];
            };
        };
        responses: {
            /** @description Retired; the asset as it now stands and the retired child block. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetireResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Nothing of the asset is left to retire (retired units are never retired again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    getEcoAssetCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEcoAssetProvenance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chain. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EcoAssetProvenance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listBatches: {
        parameters: {
            query?: {
                /**
                 * @description Simple REST sort, JSON ["field","ASC"|"DESC"].
                 * @example ["logts","DESC"]
                 */
                sort?: components["parameters"]["ListSort"];
                /**
                 * @description Simple REST range, JSON [first,last] (inclusive, at most 1000 rows; default the first 1000).
                 * @example [0,24]
                 */
                range?: components["parameters"]["ListRange"];
                /**
                 * @description Simple REST filter, a JSON object. Keys: id (number or list, getMany), facility_id (number),
                 *     kiln_type (0|1|2), feedstock, state (open|closed|sampled). Unknown keys are a 400.
                 *     Sort fields: id (default, DESC), created_ts, first_logts, last_logts, wet_biochar_g.
                 * @example {"state":"open"}
                 */
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of batches. */
            200: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    createBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "contract-check-{run}",
                 *       "facility_id": 1,
                 *       "kiln_type": 0,
                 *       "feedstock": "wood",
                 *       "analysis_ids": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchCreateRequest"];
            };
        };
        responses: {
            /** @description The batch, open. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    closeBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch, closed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The batch is closed or sampled already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    getBatchCredits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results, one per rulebook, ordered by id then version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchCredits"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAuditCredits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit's credits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditCredits"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listLabResults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabResult"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    addLabResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lab_id": 1,
                 *       "sample_id": "contract-check-{run}",
                 *       "sampled_date": "2026-04-02",
                 *       "reported_date": "2026-04-20",
                 *       "methods": [
                 *         "ISO 16948"
                 *       ],
                 *       "c_org_pct": 75,
                 *       "moisture_pct": 20
                 *     }
                 */
                "multipart/form-data": {
                    /** Format: binary */
                    certificate?: Blob;
                    lab_id?: string;
                    sample_id?: string;
                    sampled_date?: string;
                    reported_date?: string;
                    methods?: string;
                    c_tot_pct?: string;
                    c_inorg_pct?: string;
                    c_org_pct?: string;
                    h_c_org?: string;
                    o_c_org?: string;
                    moisture_pct?: string;
                    ash_pct?: string;
                    volatile_matter_pct?: string;
                    ro_pct?: string;
                    contaminants_pass?: string;
                    supersedes?: string;
                    certificate_signature?: string;
                };
            };
        };
        responses: {
            /** @description The recorded result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    getLabResultCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                rid: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEndUses: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The end uses. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndUse"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    addEndUse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "soil_application",
                 *       "dry_g": 1,
                 *       "date": "2026-05-10",
                 *       "latitude": -1.29,
                 *       "longitude": 36.82,
                 *       "soil_temp_c": 21.4,
                 *       "soil_temp_source": "measured",
                 *       "recipient": "contract-check-{run}"
                 *     }
                 */
                "multipart/form-data": {
                    /** Format: binary */
                    evidence?: Blob;
                    kind?: string;
                    kind_note?: string;
                    dry_g?: string;
                    date?: string;
                    latitude?: string;
                    longitude?: string;
                    soil_temp_c?: string;
                    soil_temp_source?: string;
                    recipient?: string;
                };
            };
        };
        responses: {
            /** @description The recorded end use. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndUse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["Unavailable"];
        };
    };
    getEndUseEvidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                eid: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The evidence, with the type its content showed at upload. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                    "image/png": Blob;
                    "image/jpeg": Blob;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    setBatchEmissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "methane_g_per_kg": 4.2,
                 *       "methane_method": "contract-check-{run}",
                 *       "other_co2e_g": null,
                 *       "other_note": null
                 *     }
                 */
                "application/json": components["schemas"]["BatchEmissionsRequest"];
            };
        };
        responses: {
            /** @description The batch with its emissions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    listLabs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The laboratories. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lab"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    createLab: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "contract-check-{run}",
                 *       "accreditation": "ISO/IEC 17025 KENAS-0123"
                 *     }
                 */
                "application/json": components["schemas"]["LabCreateRequest"];
            };
        };
        responses: {
            /** @description The laboratory, without keys. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lab"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["Unavailable"];
        };
    };
    addLabKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "public_key": "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAMuJndC4UXD2ZW6js6sxQYAhda3MWATT/yvgjWheeNMk=\n-----END PUBLIC KEY-----\n"
                 *     }
                 */
                "application/json": components["schemas"]["LabKeyAddRequest"];
            };
        };
        responses: {
            /** @description The key. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeLabKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["RecordId"];
                keyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The key is revoked already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
}
