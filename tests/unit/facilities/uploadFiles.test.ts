import { describe, expect, it } from 'vitest';
import { facilityOptionLabel } from '../../../src/facilities/facilityOptionLabel';
import { AUDIT_ACCEPT, auditFileType, isPhotoFile, PHOTO_ACCEPT } from '../../../src/facilities/uploadFiles';

describe('upload files', () => {
  it('takes PNG and JPEG photos only', () => {
    expect(isPhotoFile({ type: 'image/png' })).toBe(true);
    expect(isPhotoFile({ type: 'image/jpeg' })).toBe(true);
    expect(isPhotoFile({ type: 'image/gif' })).toBe(false);
    expect(isPhotoFile({ type: '' })).toBe(false);
    expect(PHOTO_ACCEPT).toBe('image/png,image/jpeg');
  });

  it('names the audit file_type by extension: png, jpg, jpeg or pdf', () => {
    expect(auditFileType('statement.PDF')).toBe('pdf');
    expect(auditFileType('scan.final.jpeg')).toBe('jpeg');
    expect(auditFileType('scan.jpg')).toBe('jpg');
    expect(auditFileType('scan.png')).toBe('png');
    expect(auditFileType('notes.docx')).toBeNull();
    expect(auditFileType('pdf')).toBeNull();
    expect(AUDIT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.pdf', '.png', '.jpg', '.jpeg', 'application/pdf']));
  });
});

describe('facilityOptionLabel', () => {
  it('reads "mnemonic – name"', () => {
    expect(facilityOptionLabel({ mnemonic: 'NBO', name: 'Nairobi Yard' })).toBe('NBO – Nairobi Yard');
    expect(facilityOptionLabel({ mnemonic: 'NBO', name: '' })).toBe('NBO');
  });
});
