import { type Lexicon, UNDER_18_NUMBERS } from "./types";

/**
 * Vietnamese, with diacritics and, for the entries that stay unambiguous, without them (many
 * users type without tones). Stripped of tones many words collide ("cô bé" little girl and "có
 * bể" has a pool; "tự tử" suicide and "từ từ" slowly; "treo cổ" hanging and "treo cờ" hanging a
 * flag; "cảnh nóng" and "canh nóng" hot soup), so the toneless list is written by hand. "con" and
 * "bé" alone are left out (con mèo, a cat; mèo con, a kitten). "cô gái" (girl, young woman) passes.
 */

const NUMBER_WORDS = ["một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín", "mười", "mười một", "mười hai", "mười ba", "mười bốn", "mười lăm", "mười sáu", "mười bảy"];
const AGE_DIGITS = UNDER_18_NUMBERS;

const WITH_TONES = {
  minors: [
    "trẻ em", "trẻ con", "trẻ nhỏ", "trẻ sơ sinh", "trẻ vị thành niên", "đứa trẻ", "đứa bé", "những đứa trẻ", "em bé", "bé gái", "bé trai", "bé con", "cô bé", "cậu bé",
    "nhóc", "nhóc con", "thằng bé", "thằng nhóc", "cháu bé", "bé gái nhỏ", "con gái nhỏ", "con trai nhỏ", "sơ sinh", "vị thành niên", "thiếu niên", "thiếu nữ",
    "thanh thiếu niên", "tuổi teen", "tuổi mới lớn", "tuổi dậy thì", "học sinh", "nữ sinh", "học sinh tiểu học", "học sinh cấp (1|2|3|một|hai|ba)", "tiểu học",
    "trung học", "trung học cơ sở", "trung học phổ thông", "mẫu giáo", "(trường|lớp|học sinh|trẻ|bé) mầm non", "nhi đồng", "thiếu nhi", "con nít", "ấu dâm", "ấu nhi", "nam sinh (tiểu học|trung học|cấp 2|cấp 3|lớp)", "trẻ mồ côi",
    "đồng phục học sinh", "chưa đủ tuổi", "chưa thành niên", "dưới (18|mười tám) tuổi", "lớp (1|2|3|4|5|6|7|8|9|10|11|12)",
    `(${AGE_DIGITS.join("|")}) tuổi`, `(${NUMBER_WORDS.join("|")}) tuổi`,
  ],
  sexual: [
    "khỏa thân", "khoả thân", "lõa thể", "loã thể", "lõa lồ", "trần truồng", "cởi truồng", "không mặc quần áo", "không mặc gì", "không mảnh vải che thân",
    "bán khỏa thân", "cởi hết quần áo", "cởi sạch", "lột đồ", "làm tình", "quan hệ tình dục", "tình dục", "giao cấu", "giao hợp", "phim sex", "sex", "phim khiêu dâm",
    "khiêu dâm", "đồi trụy", "đồi truỵ", "phim người lớn", "clip nóng", "clip sex", "ảnh khỏa thân", "thủ dâm", "dương vật", "âm đạo", "âm hộ", "bộ phận sinh dục",
    "núm vú", "đầu ti", "hiếp dâm", "cưỡng hiếp", "bị hiếp", "loạn luân", "thoát y", "múa thoát y", "gái mại dâm", "gái điếm",     "xuất tinh", "dâm dục", "quan hệ bằng miệng", "hôn hít sờ soạng", "sờ soạng", "địt",     "ngực trần của cô", "để ngực trần", "cảnh giường chiếu", "cảnh sex",
    // More wording
    "cởi hết đồ", "lột sạch quần áo", "khoe ngực trần", "lộ ngực", "lộ vùng kín", "vùng kín",
  ],
  graphicViolence: [
    "máu me be bét", "bê bết máu", "(người|thi thể|xác|cơ thể|quần áo|mặt|khuôn mặt|sàn nhà|căn phòng|con dao|nạn nhân|tù nhân) (đẫm|đầy|bê bết) máu", "máu chảy thành sông", "máu bắn tung tóe",     "chặt đầu", "chém đầu", "bị chặt đầu", "rạch cổ", "(cắt|cứa) cổ (họ|anh ta|cô ấy|nạn nhân|tù nhân|con tin|người|hắn|nó)", "(bị|chết) treo cổ", "treo cổ (tự tử|tù nhân|người|anh ta|cô ấy|hắn|nạn nhân|phạm nhân)", "(bị) (thiêu sống|chôn sống)", "(thiêu sống|chôn sống) (một|những|các|cả|hai|ba|) (người|anh ta|cô ấy|phụ nữ|đàn ông|người đàn ông|người phụ nữ|tù nhân|nạn nhân|hắn|dân làng|phù thủy)", "(tự tử|tự vẫn) (bằng|bằng cách|trong|ở)", "(định|muốn|cố) (tự tử|tự vẫn)", "tự vẫn", "(lột da|lột da sống) (người|nạn nhân|tù nhân)", "bị lột da", "(nằm|chết) (trong|giữa) vũng máu", "vũng máu lớn", "phân xác", "chặt xác", "xác bị chặt", "phanh thây", "cắt xẻo", "tra tấn", "bị tra tấn",
    "xử tử", "hành quyết", "xử bắn", "(xử bắn|xử tử|tra tấn|tàn sát|thảm sát) (dân làng|thường dân|tù nhân|người dân|những người|con tin|phạm nhân|tử tù|tù binh|dã man|nạn nhân)", "(vụ|cuộc) (xả súng|tàn sát|thảm sát|tự sát)", "xả súng (vào|hàng loạt|trường học|đám đông)", "tự sát (bằng|trong|tập thể)", "tử hình", "xử trảm", "ném đá đến chết", "ném đá cho đến chết", "đánh chết", "đánh đến chết",
    "đánh cho đến chết", "đánh đập đến chết", "đập đầu đến chết", "đâm nhiều nhát", "đâm liên tiếp", "đâm liên tục", "đâm chết", "chém chết", "thảm sát", "tàn sát",
    "diệt chủng", "giết người hàng loạt", "xả súng", "tự sát", "tự hại", "tự làm hại bản thân", "cắt cổ tay", "rạch cổ tay", "đánh bom tự sát", "tấn công khủng bố", "vụ khủng bố", "đánh bom khủng bố",
    "ăn thịt người", "moi ruột", "lòi ruột", "ruột gan lòi ra", "móc mắt", "cưa xác", "giết người dã man", "giết dã man", "sát hại dã man", "bạo hành đến chết",
    "xác chết không đầu", "thi thể không đầu", "thi thể bị phân", "thi thể đẫm máu", "đầu lìa khỏi cổ", "bắn vào đầu", "hành hạ dã man",
    "đóng đinh lên thập giá", "thiêu chết", "thiêu cháy người", "hành hình", "ngược đãi động vật", "hành hạ động vật",
    // More wording
    "bắn chết", "(cắt|chặt) (ngón tay|tay|chân|lưỡi|tai) (của|) (tù nhân|nạn nhân|anh ta|cô ấy|hắn|người)", "(siết|bóp) cổ (đến|cho đến) chết", "dìm chết", "đánh đập dã man", "ghế điện", "phòng hơi ngạt", "tra tấn bằng điện", "đâm dao liên tiếp",
  ],
  likeness: [
    "deepfake", "deep fake", "ghép mặt", "ghép khuôn mặt", "hoán đổi khuôn mặt", "đổi khuôn mặt", "thay khuôn mặt", "hoán đổi gương mặt", "face swap", "mạo danh",
    "(giả|nhái) giọng (của|) (tổng thống|ca sĩ|diễn viên|người nổi tiếng|chủ tịch)", "bản sao giọng nói", "người giống hệt", "giống hệt (ca sĩ|diễn viên|tổng thống|chủ tịch|cầu thủ)", "giáo hoàng", "đức giáo hoàng",
    "tổng thống (mỹ|hoa kỳ|nga|pháp|ukraine|trung quốc|hàn quốc|thổ nhĩ kỳ)", "chủ tịch nước", "tổng bí thư", "chủ tịch (trung quốc|tập)", "thủ tướng (việt nam|anh|nhật|nhật bản|ấn độ|israel|canada|đức)",
    "(vua|nữ hoàng) anh", "quốc vương (anh|thái lan|ả rập)", "nhật hoàng", "lãnh đạo (triều tiên|bắc triều tiên|tối cao iran)", "người giàu nhất thế giới",
  ],
};

// Toneless spellings that do not collide with an innocent phrase once the tones are gone.
const WITHOUT_TONES = {
  minors: [
    "tre em", "tre con", "tre nho", "tre so sinh", "dua tre", "dua be", "be gai", "be trai", "cau be", "thang nhoc", "vi thanh nien", "thieu nien", "thieu nu",
    "thanh thieu nien", "tuoi teen", "tuoi day thi", "hoc sinh", "nu sinh", "tieu hoc", "mau giao", "truong mam non", "nhi dong", "thieu nhi", "con nit", "au dam",
    "chua du tuoi", "dong phuc hoc sinh", `(${AGE_DIGITS.join("|")}) tuoi`,
  ],
  sexual: [
    "khoa than", "loa the", "tran truong", "coi truong", "khong mac quan ao", "khong mac gi", "lam tinh", "quan he tinh duc", "tinh duc", "phim sex", "khieu dam",
    "phim nguoi lon", "clip nong", "thu dam", "duong vat", "am dao", "bo phan sinh duc", "hiep dam", "cuong hiep", "loan luan", "thoat y", "gai mai dam", "xuat tinh",
    "canh sex", "clip sex",
  ],
  graphicViolence: [
    "chem dau", "phan xac", "tra tan", "xu tu", "hanh quyet", "xu ban", "tu hinh", "tham sat", "tan sat", "diet chung",
    "xa sung", "tu sat", "danh den chet", "danh chet", "dam chet", "an thit nguoi", "giet nguoi hang loat", "be bet mau", "phanh thay", "giet da man",
  ],
  likeness: ["ghep mat", "ghep khuon mat", "hoan doi khuon mat", "giao hoang", "tong thong my", "tong thong nga", "chu tich nuoc", "tong bi thu", "mao danh"],
};

export const LEXICON: Lexicon = {
  lang: "vi",
  stopwords: [
    "và", "của", "là", "có", "trong", "một", "những", "các", "cho", "với", "được", "không", "này", "đó", "người", "khi", "thì", "để", "đang", "đã", "sẽ", "trên",
    "dưới", "ở", "từ", "về", "ra", "vào", "lên", "xuống", "như", "cũng", "rất", "nhiều", "nhưng", "hoặc", "mà", "theo", "bên", "giữa", "sau", "trước", "nó", "cô",
    "anh", "chị", "em", "họ", "chúng", "mình", "tôi", "phong cách", "cảnh", "video", "hình ảnh", "chiếc", "con", "cái", "bị", "bằng", "trước", "rồi", "lại", "đến", "nhau", "cùng", "tại", "qua", "ngày", "đêm", "thật", "quá", "vẫn", "mới", "nào", "gì", "đây", "kia", "chơi", "nhung", "cac", "voi", "duoc", "khong",
    "nguoi", "dang", "tren", "nhieu",
  ],
  minors: [...WITH_TONES.minors, ...WITHOUT_TONES.minors],
  sexual: [...WITH_TONES.sexual, ...WITHOUT_TONES.sexual],
  graphicViolence: [...WITH_TONES.graphicViolence, ...WITHOUT_TONES.graphicViolence],
  likeness: [...WITH_TONES.likeness, ...WITHOUT_TONES.likeness],
  negators: ["không", "chẳng", "đừng", "cấm", "trừ", "khong", "no"],
  exceptions: [
    // Childhood as a topic, a child's drawing as an object
    "tuổi thơ", "(tranh|bức tranh|bức vẽ|tranh vẽ) (của|) (trẻ em|thiếu nhi|bé|trẻ thơ)", "tranh thiếu nhi", "(tranh|tranh ve) thieu nhi", "(nghé|chó|mèo|ngựa|cừu|voi|hổ|hươu) sơ sinh",
    "mươi (mốt|một|hai|ba|bốn|tư|năm|lăm|sáu|bảy|tám|chín) tuổi", "mười (tám|chín) tuổi", "(chặt|cắt) đầu (cá|gà|vịt|tôm|cua)",
    // Things that hold a refused word
    "giá cắt cổ", "có bể (bơi|cá|nước|tắm|sục)", "co be (boi|ca|nuoc|tam)", "gia cat co", "cắt cổ áo", "son (màu|) nude", "hiện tượng el nino", "el nino",
  ],
};
