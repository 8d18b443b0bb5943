// Who may do what with company media (issue 19 item 4). Editors of articles, notices and banners pick
// pictures from the library and upload into it, so their codes open the list and the upload too.
const PICKERS = [
  'wfpf.company.system.pictures-hub',
  'wfpf.company.system.article.ps.create',
  'wfpf.company.system.article.ps.edit',
  'wfpf.company.system.notice-manger.ps.create',
  'wfpf.company.system.notice-manger.ps.edit',
  'wfpf.company.system.bannerManger.ps.edit',
] as const;

export const MEDIA_ACCESS = {
  pictures: PICKERS,
  upload: [
    'wfpf.company.system.pictures-hub.ps.upload',
    'wfpf.company.system.article.ps.create',
    'wfpf.company.system.article.ps.edit',
    'wfpf.company.system.notice-manger.ps.create',
    'wfpf.company.system.notice-manger.ps.edit',
  ],
  editPictures: 'wfpf.company.system.pictures-hub.ps.edit',
  deletePictures: 'wfpf.company.system.pictures-hub.ps.delete',
  banners: 'wfpf.company.system.bannerManger',
  editBanners: 'wfpf.company.system.bannerManger.ps.edit',
  videos: ['wfpf.company.system.publicity-video', 'wfpf.company.system.publicity-video.ps.edit'],
  uploadVideo: 'wfpf.company.system.publicity-video.ps.upload',
  editVideo: 'wfpf.company.system.publicity-video.ps.edit',
  deleteVideo: 'wfpf.company.system.publicity-video.ps.delete',
} as const;
