import { defineErrors } from '../../../platform/errors.js';

// Company media refusals. The promo video texts are spec 03 §5's limits ("at most 60 s, 16:9 or 1:1,
// at most 30 MB").

export const MediaErrors = defineErrors({
  folderNotFound: {
    status: 404,
    code: 'wfpf.media.folder.notFound',
    message: { 'zh-CN': '文件夹不存在或已被删除', 'en-US': 'No such folder, or it was deleted' },
  },
  folderDuplicate: {
    status: 409,
    code: 'wfpf.media.folder.duplicate',
    message: {
      'zh-CN': '同一位置已有名为“{name}”的文件夹',
      'en-US': 'A folder named "{name}" is already there',
    },
  },
  folderTooDeep: {
    status: 400,
    code: 'wfpf.media.folder.tooDeep',
    message: { 'zh-CN': '文件夹最多 {max} 层', 'en-US': 'Folders nest at most {max} levels deep' },
  },
  folderNotEmpty: {
    status: 409,
    code: 'wfpf.media.folder.notEmpty',
    message: {
      'zh-CN': '文件夹“{name}”不为空（{pictures} 张图片、{folders} 个子文件夹），请先移走或删除其中内容',
      'en-US':
        'The folder "{name}" is not empty (pictures: {pictures}, folders: {folders}); move or delete them first',
    },
  },
  pictureNotFound: {
    status: 404,
    code: 'wfpf.media.picture.notFound',
    message: { 'zh-CN': '图片不存在或已被删除', 'en-US': 'No such picture, or it was deleted' },
  },
  pictureType: {
    status: 415,
    code: 'wfpf.media.picture.type',
    message: {
      'zh-CN': '图片只支持 JPG、PNG、WebP 或 GIF',
      'en-US': 'A picture must be a JPG, PNG, WebP or GIF image',
    },
  },
  pictureInUse: {
    status: 409,
    code: 'wfpf.media.picture.inUse',
    message: {
      'zh-CN': '图片“{name}”正被{whereZh}使用，不能删除',
      'en-US': 'The picture "{name}" is used by {whereEn} and cannot be deleted',
    },
  },
  notMultipart: {
    status: 400,
    code: 'wfpf.media.notMultipart',
    message: {
      'zh-CN': '请以 multipart/form-data 上传文件',
      'en-US': 'Upload the files as multipart/form-data',
    },
  },
  noFile: {
    status: 400,
    code: 'wfpf.media.noFile',
    message: { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  },
  tooManyFiles: {
    status: 400,
    code: 'wfpf.media.tooManyFiles',
    message: { 'zh-CN': '一次最多上传 {max} 个文件', 'en-US': 'At most {max} files per upload' },
  },
  bannerNotFound: {
    status: 404,
    code: 'wfpf.media.banner.notFound',
    message: { 'zh-CN': '轮播图不存在或已被删除', 'en-US': 'No such banner, or it was deleted' },
  },
  bannerOrder: {
    status: 400,
    code: 'wfpf.media.banner.order',
    message: {
      'zh-CN': 'bannerIds：须列出该位置的全部轮播图，各一次',
      'en-US': 'bannerIds: list every banner of the placement, each once',
    },
  },
  videoNotFound: {
    status: 404,
    code: 'wfpf.media.video.notFound',
    message: { 'zh-CN': '宣传视频不存在或已被删除', 'en-US': 'No such promo video, or it was deleted' },
  },
  videoTooLarge: {
    status: 413,
    code: 'wfpf.media.video.tooLarge',
    message: { 'zh-CN': '产品视频最大 30M', 'en-US': 'A product video may be at most 30 MB' },
  },
  videoTooLong: {
    status: 400,
    code: 'wfpf.media.video.tooLong',
    message: {
      'zh-CN': '产品视频时长最多 60 秒（建议 30 秒内），此视频为 {seconds} 秒',
      'en-US': 'A product video may last at most 60 s (30 s suggested); this one lasts {seconds} s',
    },
  },
  videoRatio: {
    status: 400,
    code: 'wfpf.media.video.ratio',
    message: {
      'zh-CN': '产品视频比例须为 16:9 或 1:1，此视频为 {width}×{height}',
      'en-US': 'A product video must be 16:9 or 1:1; this one is {width}×{height}',
    },
  },
  videoType: {
    status: 415,
    code: 'wfpf.media.video.type',
    message: {
      'zh-CN': '产品视频只支持 MP4 或 WebM',
      'en-US': 'A product video must be an MP4 or WebM file',
    },
  },
  videoUnreadable: {
    status: 415,
    code: 'wfpf.media.video.unreadable',
    message: {
      'zh-CN': '无法读取此视频（没有视频画面或文件已损坏）',
      'en-US': 'This video cannot be read (no picture track, or the file is damaged)',
    },
  },
  videoFailed: {
    status: 500,
    code: 'wfpf.media.video.failed',
    message: {
      'zh-CN': '封面生成失败，请重新上传',
      'en-US': 'The poster could not be made; upload the video again',
    },
  },
  videoNotUsable: {
    status: 400,
    code: 'wfpf.media.video.notUsable',
    message: {
      'zh-CN': '{field}：只能选择本企业已处理完成的宣传视频',
      'en-US': '{field}: choose a promo video of this company that has finished processing',
    },
  },
  videoInUse: {
    status: 409,
    code: 'wfpf.media.video.inUse',
    message: {
      'zh-CN': '宣传视频“{name}”正被{where}使用，不能删除',
      'en-US': 'The promo video "{name}" is used by {where} and cannot be deleted',
    },
  },
});
