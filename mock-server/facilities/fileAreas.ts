/** The folders under DATA_DIR/files that hold facility photos and facility audit statements. */
export const PHOTO_AREA = 'facility-photos';
export const AUDIT_AREA = 'facility-audits';
