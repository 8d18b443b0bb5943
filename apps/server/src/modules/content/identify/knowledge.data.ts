// The platform's pest and disease entries (tenant 0, read by every tenant) for the demo crops: rice,
// vegetables (tomato, cucumber, brassicas) — written from Chinese plant-protection practice (national
// rice pest forecasting and control guidance, registered active ingredients). Ingredients find the
// tenant's inputs by name; a tenant adds links or its own version in the knowledge base.

export interface ShippedPest {
  code: string;
  kind: 'pest' | 'disease';
  nameZh: string;
  nameEn: string;
  latinName: string;
  cropsZh: string[];
  cropsEn: string[];
  descriptionZh: string;
  descriptionEn: string;
  damageZh: string;
  damageEn: string;
  controlZh: string;
  controlEn: string;
  ingredients: string[];
  aliases: string[];
}

const RICE = { cropsZh: ['水稻'], cropsEn: ['Rice'] };
const BRASSICA = {
  cropsZh: ['甘蓝', '白菜', '花椰菜', '萝卜'],
  cropsEn: ['Cabbage', 'Chinese cabbage', 'Cauliflower', 'Radish'],
};

export const SHIPPED_PESTS: readonly ShippedPest[] = [
  {
    code: 'rice-planthopper',
    kind: 'pest',
    nameZh: '稻飞虱',
    nameEn: 'Rice planthopper',
    latinName: 'Nilaparvata lugens / Sogatella furcifera',
    ...RICE,
    descriptionZh:
      '褐飞虱、白背飞虱等，体长 3–5 毫米，成虫有长翅型和短翅型，群集在稻丛基部刺吸汁液；褐飞虱和白背飞虱随气流从南方迁入，发生量年际差异大。',
    descriptionEn:
      'Brown and white-backed planthoppers, 3–5 mm long, long- or short-winged, crowd at the base of the hills and suck sap; both migrate north on the winds each year, so numbers differ widely between years.',
    damageZh:
      '稻株基部变褐，严重时成片倒伏枯死（"冒穿""虱烧"）；还传播水稻条纹叶枯病、南方水稻黑条矮缩病等病毒病。',
    damageEn:
      'The base of the plants turns brown and, when heavy, patches collapse and die ("hopper burn"); they also spread rice stripe and southern rice black-streaked dwarf viruses.',
    controlZh:
      '选用抗（耐）虫品种，避免偏施氮肥，适时烤田；保护蜘蛛、黑肩绿盲蝽等天敌。分蘖至孕穗期每百丛虫量超过 1000–1500 头时用药，对准稻丛基部喷雾，田间保持浅水层。褐飞虱对吡虫啉抗性高，选用吡蚜酮、烯啶虫胺、呋虫胺、噻嗪酮等并轮换使用。',
    controlEn:
      'Grow resistant or tolerant varieties, avoid excess nitrogen and drain the field in time; protect spiders and the mirid bug Cyrtorhinus. Spray when there are more than 1,000–1,500 hoppers per 100 hills from tillering to booting, aiming at the base of the hills with shallow water in the field. Brown planthoppers resist imidacloprid: use pymetrozine, nitenpyram, dinotefuran or buprofezin, rotating them.',
    ingredients: ['吡蚜酮', '烯啶虫胺', '呋虫胺', '噻嗪酮'],
    aliases: ['褐飞虱', '白背飞虱', 'brown planthopper', 'planthopper'],
  },
  {
    code: 'rice-stem-borer',
    kind: 'pest',
    nameZh: '二化螟',
    nameEn: 'Striped stem borer',
    latinName: 'Chilo suppressalis',
    ...RICE,
    descriptionZh:
      '鳞翅目螟蛾，幼虫淡褐色、背有 5 条褐色纵线，以老熟幼虫在稻桩、稻草中越冬，一年发生 2–4 代。',
    descriptionEn:
      'A moth whose pale brown larvae carry five brown lines along the back; mature larvae overwinter in stubble and straw, 2–4 generations a year.',
    damageZh: '幼虫蛀入稻茎，分蘖期造成枯鞘、枯心，孕穗至抽穗期造成枯孕穗和白穗，严重时减产三成以上。',
    damageEn:
      'Larvae bore into the stems: dead sheaths and dead hearts at tillering, dead panicles and white heads from booting to heading; heavy attacks cut yield by a third or more.',
    controlZh:
      '冬春季翻耕灌水灭蛹，低茬收割；田边种植香根草诱集，性诱剂诱杀雄蛾。枯鞘率达 3% 或每亩有卵块 100 块以上时，在卵孵化高峰期用药，可选氯虫苯甲酰胺、四氯虫酰胺、甲氧虫酰肼、阿维菌素。',
    controlEn:
      'Plough and flood in winter and spring to kill pupae, and cut low at harvest; plant vetiver on the bunds as a trap and use sex-pheromone traps for the males. Spray at peak egg hatch when 3 % of sheaths are dead or there are over 100 egg masses per mu: chlorantraniliprole, tetrachlorantraniliprole, methoxyfenozide or abamectin.',
    ingredients: ['氯虫苯甲酰胺', '四氯虫酰胺', '甲氧虫酰肼', '阿维菌素'],
    aliases: ['钻心虫', 'stem borer', 'rice stem borer'],
  },
  {
    code: 'rice-leaf-roller',
    kind: 'pest',
    nameZh: '稻纵卷叶螟',
    nameEn: 'Rice leaf roller',
    latinName: 'Cnaphalocrocis medinalis',
    ...RICE,
    descriptionZh: '迁飞性害虫，成虫黄褐色，翅上有 2 条褐色横线；幼虫吐丝把叶片纵卷成筒状，在苞内取食。',
    descriptionEn:
      'A migratory moth, yellow-brown with two brown bands across the wings; the larva ties a leaf into a tube with silk and feeds inside it.',
    damageZh: '取食叶肉留下白色表皮，形成白叶；孕穗后剑叶受害对产量影响最大。',
    damageEn:
      'Larvae eat the leaf tissue and leave white strips of skin; damage to the flag leaf after booting costs the most yield.',
    controlZh:
      '合理施肥、避免后期贪青；保护稻螟赤眼蜂等天敌，可人工释放赤眼蜂。百丛有幼虫 40–60 头（分蘖期）或 20–40 头（穗期）时，于 2 龄幼虫高峰期用药：氯虫苯甲酰胺、茚虫威、甲氧虫酰肼，或生物农药苏云金杆菌。',
    controlEn:
      'Fertilise in balance so the crop does not stay lush late; protect and release Trichogramma wasps. Spray at the peak of second-instar larvae when there are 40–60 larvae per 100 hills at tillering or 20–40 at heading: chlorantraniliprole, indoxacarb, methoxyfenozide, or Bacillus thuringiensis.',
    ingredients: ['氯虫苯甲酰胺', '茚虫威', '甲氧虫酰肼', '苏云金杆菌'],
    aliases: ['卷叶虫', 'leaf folder', 'rice leaf folder'],
  },
  {
    code: 'rice-blast',
    kind: 'disease',
    nameZh: '稻瘟病',
    nameEn: 'Rice blast',
    latinName: 'Magnaporthe oryzae',
    ...RICE,
    descriptionZh: '真菌病害，阴雨寡照、气温 20–30 ℃、偏施氮肥时易流行；分苗瘟、叶瘟、节瘟、穗颈瘟。',
    descriptionEn:
      'A fungal disease that spreads in cloudy, wet weather at 20–30 °C and on crops given too much nitrogen; it attacks seedlings, leaves, nodes and panicle necks.',
    damageZh:
      '叶片出现梭形病斑，中央灰白、边缘褐色；穗颈瘟使穗颈变褐枯死，形成白穗，是水稻最重要的病害之一。',
    damageEn:
      'Spindle-shaped leaf spots with grey centres and brown edges; neck blast browns and kills the panicle neck and leaves white heads — one of the most damaging rice diseases.',
    controlZh:
      '选用抗病品种并定期轮换，种子用咪鲜胺浸种；控氮增磷钾，浅水勤灌。叶瘟初见病斑时施药，破口抽穗期预防穗颈瘟（破口前 3–5 天及齐穗期各一次）：三环唑、稻瘟灵、春雷霉素、嘧菌酯。',
    controlEn:
      'Grow resistant varieties and change them every few years, and soak seed in prochloraz; hold back nitrogen, add phosphorus and potassium, keep water shallow. Spray when leaf spots first appear, and protect the panicles 3–5 days before heading and at full heading: tricyclazole, isoprothiolane, kasugamycin or azoxystrobin.',
    ingredients: ['三环唑', '稻瘟灵', '春雷霉素', '嘧菌酯'],
    aliases: ['穗颈瘟', 'blast'],
  },
  {
    code: 'rice-sheath-blight',
    kind: 'disease',
    nameZh: '纹枯病',
    nameEn: 'Sheath blight',
    latinName: 'Rhizoctonia solani',
    ...RICE,
    descriptionZh:
      '土传真菌病害，菌核在土中越冬，高温高湿、密植和偏施氮肥时发生重，分蘖末期至抽穗期为盛发期。',
    descriptionEn:
      'A soil-borne fungus whose sclerotia overwinter in the field; worst in hot, humid weather, dense stands and high nitrogen, from late tillering to heading.',
    damageZh: '叶鞘上出现云纹状病斑，向上蔓延到叶片和穗部，造成秕谷增多、倒伏，减产 10%–30%。',
    damageEn:
      'Cloud-patterned lesions on the sheaths spread up to the leaves and panicles; more empty grains and lodging, 10–30 % yield loss.',
    controlZh:
      '打捞菌核，合理密植，浅水分蘖、够苗晒田。丛发病率达 10%–15% 时用药，喷在稻株中下部：井冈霉素、噻呋酰胺、己唑醇。',
    controlEn:
      'Skim floating sclerotia, do not plant too densely, keep water shallow at tillering and drain once tillers are enough. Spray the lower half of the plants when 10–15 % of hills are infected: validamycin, thifluzamide or hexaconazole.',
    ingredients: ['井冈霉素', '噻呋酰胺', '己唑醇'],
    aliases: ['sheath blight'],
  },
  {
    code: 'aphid',
    kind: 'pest',
    nameZh: '蚜虫',
    nameEn: 'Aphids',
    latinName: 'Aphididae (Myzus persicae, Aphis gossypii…)',
    cropsZh: ['番茄', '黄瓜', '辣椒', '白菜', '甘蓝'],
    cropsEn: ['Tomato', 'Cucumber', 'Pepper', 'Chinese cabbage', 'Cabbage'],
    descriptionZh: '体长 1–2 毫米，绿色、黄色或黑色，孤雌生殖，繁殖快，干旱温暖时数量激增，有翅蚜迁飞扩散。',
    descriptionEn:
      'Green, yellow or black insects 1–2 mm long that breed without mating and multiply fast in warm, dry weather; winged forms spread between fields.',
    damageZh: '群集在嫩叶、嫩梢背面吸汁，叶片卷曲发黄；分泌蜜露引起煤污病，并传播黄瓜花叶病毒等多种病毒病。',
    damageEn:
      'Colonies on young leaves and shoots suck sap so leaves curl and yellow; their honeydew grows sooty mould and they spread cucumber mosaic and other viruses.',
    controlZh:
      '清除田边杂草，设施入口和通风口覆盖 40 目以上防虫网，悬挂黄板诱杀有翅蚜，银灰膜驱避；保护瓢虫、草蛉、蚜茧蜂。点片发生时挑治，可选吡虫啉、啶虫脒、吡蚜酮、氟啶虫酰胺，注意安全间隔期。',
    controlEn:
      'Clear weeds around fields, cover greenhouse doors and vents with 40-mesh or finer insect netting, hang yellow sticky cards and lay silver mulch; protect ladybirds, lacewings and parasitoid wasps. Treat hot spots early with imidacloprid, acetamiprid, pymetrozine or flonicamid, keeping the pre-harvest interval.',
    ingredients: ['吡虫啉', '啶虫脒', '吡蚜酮', '氟啶虫酰胺', '防虫网'],
    aliases: ['蚜', 'aphid', 'greenfly'],
  },
  {
    code: 'cabbage-worm',
    kind: 'pest',
    nameZh: '菜青虫',
    nameEn: 'Cabbage white caterpillar',
    latinName: 'Pieris rapae',
    ...BRASSICA,
    descriptionZh: '菜粉蝶的幼虫，青绿色，体表密布细毛，春秋两季发生重。',
    descriptionEn:
      'The green, finely hairy caterpillar of the small white butterfly; worst in spring and autumn.',
    damageZh:
      '低龄幼虫啃食叶肉留下透明表皮，3 龄后咬成孔洞和缺刻，严重时只剩叶脉；粪便污染菜心，伤口易引发软腐病。',
    damageEn:
      'Young larvae graze the leaf and leave windows, older ones chew holes until only veins remain; droppings foul the heads and the wounds let in soft rot.',
    controlZh:
      '收获后及时清除残株，覆盖防虫网；保护广赤眼蜂、微红绒茧蜂。在 3 龄前用药：苏云金杆菌、氯虫苯甲酰胺、茚虫威、高效氯氰菊酯。',
    controlEn:
      'Clear crop residue after harvest and grow under insect netting; protect Trichogramma and Cotesia wasps. Spray before the third instar: Bacillus thuringiensis, chlorantraniliprole, indoxacarb or beta-cypermethrin.',
    ingredients: ['苏云金杆菌', '氯虫苯甲酰胺', '茚虫威', '高效氯氰菊酯', '防虫网'],
    aliases: ['菜粉蝶', 'cabbage worm', 'imported cabbageworm'],
  },
  {
    code: 'diamondback-moth',
    kind: 'pest',
    nameZh: '小菜蛾',
    nameEn: 'Diamondback moth',
    latinName: 'Plutella xylostella',
    ...BRASSICA,
    descriptionZh: '十字花科蔬菜最重要的害虫之一，幼虫细小、受惊扭动后退吐丝下垂；世代短、抗药性发展极快。',
    descriptionEn:
      'One of the worst pests of brassicas; the small larva wriggles backwards and drops on a silk thread when disturbed; short generations make it resist insecticides very quickly.',
    damageZh: '幼虫取食叶肉留下"天窗"，苗期为害心叶影响包心，种株为害嫩茎和种荚。',
    damageEn:
      'Larvae eat windows in the leaves, attack the heart of seedlings so heads fail to form, and feed on stems and pods of seed crops.',
    controlZh:
      '避免十字花科连作，清洁田园；性诱剂和防虫网；不同作用机理药剂轮换，一季同种药剂不超过 2 次：乙基多杀菌素、茚虫威、苏云金杆菌、氯虫苯甲酰胺（多地已有抗性）。',
    controlEn:
      'Break brassica rotations and keep fields clean; use pheromone traps and insect netting; rotate modes of action, no more than two sprays of one product a season: spinetoram, indoxacarb, Bacillus thuringiensis, chlorantraniliprole (resisted in many areas).',
    ingredients: ['乙基多杀菌素', '茚虫威', '苏云金杆菌', '氯虫苯甲酰胺', '防虫网'],
    aliases: ['吊丝虫', 'DBM'],
  },
  {
    code: 'powdery-mildew',
    kind: 'disease',
    nameZh: '白粉病',
    nameEn: 'Powdery mildew',
    latinName: 'Podosphaera xanthii / Erysiphe spp.',
    cropsZh: ['黄瓜', '番茄', '南瓜', '甜瓜'],
    cropsEn: ['Cucumber', 'Tomato', 'Pumpkin', 'Melon'],
    descriptionZh: '真菌病害，温暖、昼夜温差大、湿度时高时低的设施内易发，病菌借气流传播。',
    descriptionEn:
      'A fungal disease favoured by warm greenhouses with large day–night swings and changing humidity; spores travel on the air.',
    damageZh: '叶片正反面出现白色粉状霉斑，逐渐连片，叶片发黄干枯，植株早衰减产。',
    damageEn:
      'White powdery spots on both sides of the leaves merge until leaves yellow and dry; plants age early and yield less.',
    controlZh:
      '选用抗病品种，加强通风透光，避免偏施氮肥，及时摘除老病叶。发病初期用药并轮换：醚菌酯、乙嘧酚、氟菌唑、硫磺悬浮剂（高温时慎用硫磺）。',
    controlEn:
      'Grow resistant varieties, ventilate and let light in, avoid excess nitrogen and remove old infected leaves. Spray at the first spots and rotate: kresoxim-methyl, ethirimol, triflumizole or sulphur (not in hot weather).',
    ingredients: ['醚菌酯', '乙嘧酚', '氟菌唑', '硫磺'],
    aliases: ['白粉', 'mildew'],
  },
  {
    code: 'downy-mildew',
    kind: 'disease',
    nameZh: '霜霉病',
    nameEn: 'Downy mildew',
    latinName: 'Pseudoperonospora cubensis / Hyaloperonospora spp.',
    cropsZh: ['黄瓜', '白菜', '甘蓝'],
    cropsEn: ['Cucumber', 'Chinese cabbage', 'Cabbage'],
    descriptionZh: '卵菌病害，叶面有水膜、夜间结露、温度 15–22 ℃ 时流行极快，几天内可蔓延全棚。',
    descriptionEn:
      'An oomycete disease that races through a greenhouse within days when leaves stay wet, dew forms at night and it is 15–22 °C.',
    damageZh: '叶片出现受叶脉限制的多角形黄褐色病斑，叶背潮湿时长出灰黑色霉层，病叶干枯，严重时全株枯死。',
    damageEn:
      'Angular yellow-brown spots bounded by the veins, with grey-black down underneath when damp; leaves wither and badly hit plants die.',
    controlZh:
      '选抗病品种，膜下滴灌、控制湿度，上午闭棚升温、下午通风排湿，避免叶面结露。发病前或初期用药：烯酰吗啉、氟吡菌胺、霜脲·锰锌、代森锰锌（保护剂，发病前用）。',
    controlEn:
      'Grow resistant varieties, drip-irrigate under mulch and keep humidity down — close the house in the morning to warm it, ventilate in the afternoon, avoid dew on leaves. Spray before or at the first signs: dimethomorph, fluopicolide, cymoxanil + mancozeb, or mancozeb alone as a protectant before infection.',
    ingredients: ['烯酰吗啉', '氟吡菌胺', '霜脲', '代森锰锌'],
    aliases: ['霜霉', 'downy'],
  },
  {
    code: 'tomato-late-blight',
    kind: 'disease',
    nameZh: '番茄晚疫病',
    nameEn: 'Tomato late blight',
    latinName: 'Phytophthora infestans',
    cropsZh: ['番茄', '马铃薯'],
    cropsEn: ['Tomato', 'Potato'],
    descriptionZh: '卵菌病害，低温高湿（白天 18–22 ℃、相对湿度 90% 以上）时暴发，马铃薯田可成为菌源。',
    descriptionEn:
      'An oomycete disease that explodes in cool, wet weather (18–22 °C by day, humidity above 90 %); potato fields nearby are a common source.',
    damageZh: '叶片出现暗绿色水渍状病斑并迅速扩大，潮湿时边缘长白霉；果实出现褐色硬斑，茎秆变黑折断。',
    damageEn:
      'Dark green water-soaked patches on the leaves grow fast with white mould at the edge when damp; fruit gets firm brown patches and stems blacken and break.',
    controlZh:
      '与茄科作物轮作，远离马铃薯田；高垄覆膜、控湿通风，及时摘除中心病株带出棚外。发病前用保护剂代森锰锌，发病初期用烯酰吗啉、氟噻唑吡乙酮、霜脲氰，7 天一次连续 2–3 次。',
    controlEn:
      'Rotate away from nightshades and keep away from potatoes; plant on raised, mulched beds, ventilate, and carry the first infected plants out of the house. Protect with mancozeb before disease; at the first signs spray dimethomorph, oxathiapiprolin or cymoxanil every 7 days, 2–3 times.',
    ingredients: ['代森锰锌', '烯酰吗啉', '氟噻唑吡乙酮', '霜脲氰'],
    aliases: ['晚疫病', 'late blight'],
  },
  {
    code: 'whitefly',
    kind: 'pest',
    nameZh: '烟粉虱',
    nameEn: 'Silverleaf whitefly',
    latinName: 'Bemisia tabaci',
    cropsZh: ['番茄', '黄瓜', '辣椒', '茄子'],
    cropsEn: ['Tomato', 'Cucumber', 'Pepper', 'Eggplant'],
    descriptionZh: '成虫体长约 1 毫米，白色蜡粉覆盖，若虫固定在叶背；设施内可周年发生，世代重叠。',
    descriptionEn:
      'Adults are about 1 mm long and covered in white wax; the nymphs sit fixed under the leaves. In greenhouses it breeds all year with overlapping generations.',
    damageZh: '吸食汁液使叶片褪绿，蜜露引发煤污病；传播番茄黄化曲叶病毒（TYLCV），造成毁灭性损失。',
    damageEn:
      'Sap feeding bleaches the leaves and honeydew grows sooty mould; it spreads tomato yellow leaf curl virus (TYLCV), which can destroy a crop.',
    controlZh:
      '培育无虫苗，通风口覆盖 50–60 目防虫网，悬挂黄板；释放丽蚜小蜂。若虫期用螺虫乙酯、溴氰虫酰胺，成虫盛发期用吡虫啉、啶虫脒，早晨叶背喷雾。',
    controlEn:
      'Raise clean transplants, screen vents with 50–60-mesh netting and hang yellow sticky cards; release Encarsia formosa. Against nymphs use spirotetramat or cyantraniliprole, against adults imidacloprid or acetamiprid, spraying leaf undersides in the morning.',
    ingredients: ['螺虫乙酯', '溴氰虫酰胺', '吡虫啉', '啶虫脒', '防虫网'],
    aliases: ['白粉虱', 'whitefly'],
  },
];
