import { type Lexicon, UNDER_18_NUMBERS, fromData } from "./types";
import data from "./data/vi.json";

/**
 * Vietnamese, with diacritics and, for the entries that stay unambiguous, without them (many
 * users type without tones). Stripped of tones many words collide ("cô bé" little girl and "có
 * bể" has a pool; "tự tử" suicide and "từ từ" slowly; "treo cổ" hanging and "treo cờ" hanging a
 * flag; "cảnh nóng" and "canh nóng" hot soup), so the toneless list is written by hand. "con" and
 * "bé" alone are left out (con mèo, a cat; mèo con, a kitten). "cô gái" (girl, young woman) passes.
 */

const NUMBER_WORDS = data.words.numberWords;
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
  likeness: data.words.likeness,
};

// Toneless spellings that do not collide with an innocent phrase once the tones are gone.
const WITHOUT_TONES = {
  minors: [
    "tre em", "tre con", "tre nho", "tre so sinh", "dua tre", "dua be", "be gai", "be trai", "cau be", "thang nhoc", "vi thanh nien", "thieu nien", "thieu nu",
    "thanh thieu nien", "tuoi teen", "tuoi day thi", "hoc sinh", "nu sinh", "tieu hoc", "mau giao", "truong mam non", "nhi dong", "thieu nhi", "con nit", "au dam",
    "chua du tuoi", "dong phuc hoc sinh", `(${AGE_DIGITS.join("|")}) tuoi`,
  ],
  sexual: data.words.sexual,
  graphicViolence: data.words.graphicViolence,
  likeness: data.words.likeness2,
};

export const LEXICON: Lexicon = fromData(data, {
  minors1: WITH_TONES.minors,
  minors2: WITHOUT_TONES.minors,
  sexual1: WITH_TONES.sexual,
  sexual2: WITHOUT_TONES.sexual,
  graphicViolence1: WITH_TONES.graphicViolence,
  graphicViolence2: WITHOUT_TONES.graphicViolence,
  likeness1: WITH_TONES.likeness,
  likeness2: WITHOUT_TONES.likeness,
});
