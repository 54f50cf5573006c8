import { type Lexicon, UNDER_18_NUMBERS } from "./types";

/**
 * Indonesian (and the Malay kanak-kanak; "budak", a child in Malay, is a slave in Indonesian and
 * is left out). "anak" is a child, but also the young of an animal (anak kucing, kitten) and part
 * of fixed phrases (anak sungai, a tributary; anak tangga, a stair step; anak perusahaan, a
 * subsidiary): those are exceptions.
 * "gadis" and "cewek" alone pass as "girl" does in English; "gadis kecil" is refused. "paus" is
 * also a whale, so the Pope is written "sri paus" or with the Vatican.
 */

const NUMBER_WORDS = ["satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan", "sepuluh", "sebelas", "dua belas", "tiga belas", "empat belas", "lima belas", "enam belas", "tujuh belas"];
const AGE_NUMBERS = [...UNDER_18_NUMBERS, ...NUMBER_WORDS];

const AGES = [
  `(umur|usia|berumur|berusia|umurnya|usianya|seumur) (${AGE_NUMBERS.join("|")}) (tahun|thn|th|tahunan|bulan)`,
  `(${AGE_NUMBERS.join("|")}) (tahun|thn) (yang|) (masih|) (sd|smp|sma|kelas)`, "(di bawah|dibawah|kurang dari) (umur|usia|) (18|delapan belas) (tahun|)",
  `(anak|bocah|gadis|cewek|cowok|remaja|putri|putra|siswi|siswa) (${AGE_NUMBERS.join("|")}) (tahun|thn|th|tahunan)`,
];

const ANIMALS = ["kucing", "anjing", "ayam", "sapi", "kuda", "bebek", "itik", "burung", "gajah", "singa", "harimau", "beruang", "domba", "kambing", "babi", "rusa", "monyet", "kera", "panda", "kelinci", "penyu", "ikan", "paus", "lumba lumba", "serigala", "rubah", "jerapah", "zebra", "kanguru", "hewan", "binatang", "macan", "kerbau", "buaya", "tupai", "anjing laut", "pinguin", "penguin"];

export const LEXICON: Lexicon = {
  lang: "id",
  stopwords: [
    "yang", "dan", "di", "ke", "dari", "ini", "itu", "dengan", "untuk", "pada", "adalah", "dalam", "tidak", "akan", "juga", "atau", "ada", "oleh",
    "sebuah", "seorang", "seekor", "para", "sedang", "sudah", "telah", "bisa", "dapat", "karena", "saat", "ketika", "lalu", "kemudian", "tetapi",
    "tapi", "sangat", "lebih", "banyak", "semua", "setiap", "atas", "bawah", "depan", "belakang", "antara", "sambil", "sebagai", "seperti", "nya",
    "dia", "mereka", "kami", "kita", "aku", "saya", "gaya", "suasana", "latar", "berjalan", "sebuah", "beberapa",
  ],
  minors: [
    "anak", "anaknya", "anakku", "anakmu", "anak anak", "anak-anak", "anak2", "kanak", "kanak-kanak", "kanak kanak", "bocah", "bocah-bocah", "bocil", "bocah cilik",
    "balita", "batita", "bayi", "bayinya", "orok", "(anak|bocah) (perempuan|laki-laki|laki laki|lelaki|cewek|cowok|kecil|sekolah|sd|smp|sma|tk|paud)",
    "(gadis|cewek|cowok|perempuan|laki-laki|putri|putra) (kecil|cilik|belia|sd|smp|sma|sekolahan|abg|remaja)", "gadis belia", "remaja", "remajanya", "abg", "anak baru gede",
    "siswi", "siswa", "siswi-siswi", "siswa-siswi", "murid (sd|smp|sma|sekolah|tk|kelas)", "pelajar (sd|smp|sma|putri|putra)", "(anak|murid|siswa|siswi) (sekolah dasar|sekolah menengah)",
    "sekolah dasar", "smp", "sma", "smk", "paud", "taman kanak-kanak", "taman kanak kanak", "(seragam|baju) (sekolah|sd|smp|sma|putih abu-abu|putih biru|putih merah)",
    "di bawah umur", "dibawah umur", "belum cukup umur", "belum dewasa", "(kelas|klas) (1|2|3|4|5|6|satu|dua|tiga|empat|lima|enam) (sd|smp|sma)", "(artis|penyanyi|bintang|model|anak|bocah|gadis|dokter|pemain) cilik", "pedofil",
    "pedofilia", "loli", "lolicon", "shota", "pra remaja", "praremaja", "putri kecil", "putra kecil", "bayi mungil", "bayi baru lahir", "anak balita",
    ...AGES,
  ],
  sexual: [
    "telanjang", "bertelanjang", "telanjang bulat", "bugil", "berbugil", "ditelanjangi", "menelanjangi", "tanpa busana", "tanpa pakaian", "tanpa sehelai benang",
    "tidak berpakaian", "tak berpakaian", "setengah telanjang", "(melepas|melepaskan|membuka|copot|mencopot) (semua|seluruh|) (pakaian|bajunya|baju|busana|bajunya)",
    "seks", "sex", "berhubungan (seks|badan|intim)", "hubungan (seks|seksual|intim|badan)", "bercinta", "bersetubuh", "persetubuhan", "senggama", "bersenggama",
    "ngentot", "ngewe", "entot", "porno", "pornografi", "bokep", "film biru", "(video|film|foto|gambar|konten|adegan) (mesum|porno|dewasa|syur|bokep|panas|seks|vulgar|cabul)",
    "mesum", "cabul", "erotis", "masturbasi", "onani", "colmek", "puting", "penis", "vagina", "kelamin", "alat kelamin", "kemaluan", "memek",
    "kontol", "toket", "ngaceng", "orgasme", "sperma", "air mani", "pemerkosaan", "diperkosa", "memperkosa", "perkosa", "pencabulan", "dicabuli", "pelecehan seksual",
    "inses", "incest", "striptis", "striptease", "penari telanjang", "pelacur", "pelacuran", "psk", "lonte", "seksual", "adegan ranjang", "topless", "seks oral",
    "oral seks", "seks anal", "threesome", "gangbang", "(payudara|dada) (telanjang|terbuka|terekspos)", "bokong telanjang", "pamer (payudara|kelamin|alat kelamin)",
    // More wording
    "(tidak|tak|tanpa) (memakai|pakai) (celana dalam|bh|pakaian dalam) (sama sekali|)", "(melepas|melepaskan|membuka) (bh|bra|celana dalam|pakaian dalam)",
  ],
  graphicViolence: [
    // Gore
    "berdarah-darah", "berdarah darah", "bersimbah darah", "berlumuran darah", "bermandikan darah", "genangan darah", "lautan darah", "kubangan darah",
    "banjir darah", "(darah|darahnya) (muncrat|menyembur|berceceran|di mana-mana|dimana-mana|di mana mana|berhamburan|mengucur deras)", "mandi darah",
    "(kepala|tangan|kaki|tubuh|mayat|jasad) (terpenggal|terpotong-potong|terpotong potong|termutilasi|tercabik-cabik|terburai|hancur)", "potongan (tubuh|mayat|jasad) (manusia|korban|)",
    "(usus|isi perut|jeroan manusia|organ dalam) (terburai|keluar|berceceran|terurai)", "(otak|otaknya) (berhamburan|berceceran|pecah)", "(mayat|jasad) (membusuk|hangus|tanpa kepala)", "mayat (dimutilasi|termutilasi)",
    // Acts
    "pemenggalan", "memenggal", "dipenggal", "penggal kepala", "memancung", "dipancung", "hukuman pancung", "mutilasi", "dimutilasi", "memutilasi", "dicincang", "mencincang (tubuh|mayat|korban|orang)",
    "disiksa", "menyiksa", "penyiksaan", "siksaan", "(ruang|alat) (penyiksaan|siksa)", "eksekusi mati", "dieksekusi", "eksekusi (tahanan|sandera|publik|di depan umum|tembak)",
    "hukuman mati", "ditembak mati", "regu tembak", "(pria|wanita|tahanan|orang|korban|mayat|jasad|tawanan) (digantung|tergantung) (di|pada|)", "dihukum gantung", "hukum gantung", "hukuman gantung", "gantung diri", "menggantung diri", "(dibakar|membakar|terbakar) hidup-hidup",
    "(dibakar|membakar|terbakar) hidup hidup", "(dikubur|mengubur) hidup-hidup", "(dikubur|mengubur) hidup hidup", "dirajam", "rajam", "merajam", "hukuman rajam",
    "(dipukuli|dipukul|dihajar|dikeroyok|digebuki|dianiaya|disiksa|ditendangi) (sampai|hingga) (mati|tewas|meninggal)", "(memukuli|menghajar|mengeroyok|menganiaya|menendangi) (dia|nya|korban|pria|wanita|orang|seorang pria|tahanan|pencuri) (sampai|hingga) (mati|tewas)",
    "(ditusuk|menusuk|ditikam|menikam|dibacok|membacok) (berkali-kali|berkali kali|bertubi-tubi|bertubi tubi|puluhan kali|sampai mati|hingga tewas)", "ditikam", "menikam", "dibacok", "membacok",
    "pembantaian", "membantai", "dibantai", "pembunuhan massal", "pembunuhan sadis", "dibunuh secara sadis", "(dibunuh|membunuh) dengan sadis", "genosida", "pembersihan etnis",
    "penembakan massal", "penembakan brutal", "bunuh diri", "membunuh diri", "menyakiti diri", "melukai diri", "(potong|memotong|menyayat|sayat|iris) (nadi|urat nadi|pergelangan tangan)",
    "bom bunuh diri", "serangan teroris", "aksi terorisme", "kanibal", "kanibalisme", "makan daging manusia", "dikuliti", "menguliti", "(mencungkil|dicungkil) mata", "digorok",
    "menggorok", "(lehernya|leher) (digorok|disayat|digorok)", "disalib hidup-hidup", "penyiksaan hewan", "menyiksa (hewan|binatang|kucing|anjing)", "main hakim sendiri sampai tewas",
    "dihakimi massa", "dilindas sampai mati",
    // More wording
    "(ditembak|menembak) (di kepala|kepalanya|kepala)", "kepalanya ditembak", "(dipotong-potong|dipotong potong|memotong-motong|memotong motong) (tubuh|mayat|jasad|korban|orang|nya)", "tubuhnya dipotong-potong", "(dicekik|mencekik|ditenggelamkan|menenggelamkan) (sampai|hingga) (mati|tewas)", "(disetrum|menyetrum) (tahanan|korban|sampai mati|hingga tewas)", "kursi listrik", "kamar gas", "(jarinya|tangannya|kakinya|lidahnya|telinganya) (dipotong|dipenggal|dicincang)", "(memotong|memenggal) (jari|tangan|kaki|lidah|telinga) (korban|tahanan|nya)", "(kepalanya|tengkoraknya) (dihancurkan|dipukul dengan palu|pecah)",
  ],
  likeness: [
    "deepfake", "deep fake", "face swap", "faceswap", "(tukar|ganti|tempel|tempelkan|ubah|mengganti|menukar) (wajah|muka|wajahnya|mukanya)", "wajahnya diganti", "video palsu",
    "kembaran (artis|selebriti|presiden|pemain|penyanyi)", "(mirip|menyerupai) (artis|selebriti|presiden|penyanyi) (terkenal|)", "(kloning|klon) (suara|suaranya)", "meniru suaranya", "menyamar sebagai presiden",
    "sri paus", "paus (fransiskus|di vatikan|dari vatikan|katolik|roma|leo)", "bapa suci", "presiden (amerika|amerika serikat|as|rusia|prancis|perancis|indonesia|ri|republik indonesia|tiongkok|cina|china|ukraina|korea selatan|turki|filipina)",
    "wakil presiden (ri|indonesia|amerika)", "perdana menteri (inggris|india|israel|jepang|malaysia|singapura|kanada|australia|thailand)", "(raja|ratu) (inggris|arab saudi|saudi|belanda|malaysia|thailand|spanyol|yordania)",
    "kaisar jepang", "(pemimpin|pemimpin tertinggi) (korea utara|iran|tiongkok|cina)", "kanselir jerman", "orang terkaya (di dunia|sedunia)", "(pendiri|ceo) (tesla|spacex|amazon|microsoft|facebook|meta|apple)",
  ],
  negators: ["tanpa", "tidak", "tak", "bukan", "jangan", "bebas", "tiada", "dilarang", "no"],
  exceptions: [
    // Young animals and fixed phrases with "anak" that show no child
    `(anak|bayi) (${ANIMALS.join("|")})`,
    "anak (sungai|buah|perusahaan|tangga|panah|kunci|timbangan|bawang|emas|kos|band|muda|gaul|cucu|rantau|judul|kalimat)",
    "(gambar|lukisan|coretan) (anak|anak-anak|bocah) (dengan krayon|krayon|di kulkas)", "gambar krayon anak", "jiwa anak-anak", "masa kanak-kanak", "masa anak-anak", "kenangan masa kecil",
    "(lipstik|lipstick|warna) nude", "(fenomena|badai) el nino", "el nino", "puting beliung", "eksekusi (rencana|proyek|program|strategi|ide)",
    "jenis kelamin",
  ],
};
