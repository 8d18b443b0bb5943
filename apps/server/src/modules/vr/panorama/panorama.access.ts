// Who may do what with the library (spec 03 §6). The tour editor picks and uploads panoramas too, so its
// edit code opens the list and the upload; anyone who may view tours may load their images.
export const PANORAMA_ACCESS = {
  list: ['wfpf.company.system.panorama', 'wfpf.company.system.vr-video.ps.edit'],
  view: ['wfpf.company.system.panorama', 'wfpf.company.system.vr-video.ps.edit'],
  images: ['wfpf.company.system.panorama', 'wfpf.company.system.vr-video'],
  upload: ['wfpf.company.system.panorama.ps.upload', 'wfpf.company.system.vr-video.ps.edit'],
  edit: 'wfpf.company.system.panorama.ps.edit',
  delete: 'wfpf.company.system.panorama.ps.delete',
} as const;
