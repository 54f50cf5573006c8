import { type Lexicon, UNDER_18 } from "./types";

/**
 * Italian. Elisions split ("dell'uomo" reads "dell uomo"), accents are folded. "ragazzo/a"
 * are said of young adults and are left out alone, as "girl" is in English; "bambino",
 * "ragazzino", "bimbo" are in. "pene" is also "pains", so it is listed after an article;
 * never a stem that starts an innocent word ("mozza*" would hit mozzarella).
 */

const UNDER_18_WORDS = "uno|una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette";
const AGED_GLUED = Array.from({ length: 17 }, (_, i) => [`${i + 1}enne`, `${i + 1}enni`]).flat();
const PERSON =
  "ragazzo|ragazza|ragazzi|ragazze|giovane|giovani|figlia|figlio|figlie|figli|sorella|fratello|sorelle|fratelli|nipote|studentessa|studente|studenti|studentesse|alunna|alunno|alunni|alunne|persona|modella|modello|attrice|attore|gemelli|gemelle|una|uno|donna|uomo|fidanzata|fidanzato|ballerina|ginnasta|giocatrice|giocatore|cantante|bambina|bambino|bambini|bambine";
const ANIMALS =
  "foca|foche|elefante|elefanti|giraffa|giraffe|panda|tigre|tigri|leone|leoni|orso|orsi|delfino|delfini|balena|balene|koala|scimmia|scimmie|pinguino|pinguini|tartaruga|tartarughe|lontra|lontre|gufo|canguro|ippopotamo|rinoceronte|volpe|zebra|cammello|lama|alpaca|capra|gorilla|cane|gatto|cavallo|dinosauro|drago";

export const LEXICON: Lexicon = {
  lang: "it",
  stopwords: [
    "di", "il", "la", "che", "per", "un", "una", "del", "della", "è", "con", "non", "si", "da", "le", "gli", "al", "alla", "sono", "dei", "delle", "nel",
    "nella", "lo", "ma", "più", "anche", "questo", "questa", "ci", "se", "ha", "suo", "sua", "loro", "lei", "lui", "noi", "voi", "dal", "dalla",
    "sul", "sulla", "tra", "fra", "quando", "molto", "cosa", "tutto", "tutti", "essere", "stato", "hanno", "poi", "così", "degli", "nei", "negli",
    "sui", "ai", "agli", "dell", "nell", "sull", "all", "uno", "mentre", "dopo", "sotto", "senza", "verso", "ogni", "sempre", "dove", "chi",
  ],
  minors: [
    "bambino", "bambina", "bambini", "bambine", "bambinetto", "bambinetta", "bimbo", "bimba", "bimbi", "bimbe", "bimbetto", "bimbetta", "ragazzino", "ragazzina",
    "ragazzini", "ragazzine", "fanciullo", "fanciulli", "fanciullino", "pargolo", "pargoli", "pargoletto", "marmocchio", "marmocchi", "moccioso", "mocciosa",
    "mocciosi", "monello", "monella", "monelli", "scugnizzo", "scugnizzi", "frugoletto", "figlioletto", "figlioletta",
    "figlioletti", "neonato", "neonata", "neonati", "neonate", "lattante", "lattanti", "cucciolo d'uomo",
    "(un|il|del|al|mio|suo|tuo|piccolo|bel|primo|questo|quel|nostro) bebè", "bebè (che dorme|addormentato|che piange|che sorride|in braccio|nella culla|gattona)",
    "adolescente", "adolescenti", "adolescenza", "preadolescente", "preadolescenti", "pubere", "puberi", "impubere", "minorenne", "minorenni",
    "(i|dei|due|tre|alcuni|quattro) minori", "minori di (18|diciotto|16|14|12) anni", "sotto i (18|diciotto|16|14) anni",
    "pedofilo", "pedofili", "pedofilia", "pedopornografia", "pedopornografico", "pedopornografiche", "pedo", "lolicon", "loli", "shota",
    "scolaro", "scolara", "scolari", "scolaretto", "scolaretta", "scolaretti", "scolarette", "scolaresca", "scolaresche", "liceale", "liceali",
    "liceo", "licei", "scuola elementare", "scuole elementari", "scuola media", "scuole medie", "alle elementari", "delle elementari", "alle medie",
    "scuola materna", "scuola dell'infanzia", "asilo nido", "all'asilo", "bambini dell'asilo", "(alunno|alunna|alunni|alunne|studenti|studentesse|studente|studentessa) (delle|della|di) (elementari|medie|scuola media|scuola elementare|prima media|seconda media|terza media)",
    "(prima|seconda|terza|quarta|quinta) elementare", "(prima|seconda|terza) media", "(pornografia|moda|modella|modelle|coro|squadra|calcio|concorso di bellezza) (infantile|per bambini)", "prima comunione",
    `(${PERSON}) di (${UNDER_18}|${UNDER_18_WORDS}) (anni|mesi)`, `(ha|aveva|compie|compiuto|avrà) (${UNDER_18}|${UNDER_18_WORDS}) anni`,
    `(all'età|età) di (${UNDER_18}|${UNDER_18_WORDS}) anni`, `(${UNDER_18}|${UNDER_18_WORDS}) anni e mezzo`, `(${UNDER_18}) (enne|enni)`, ...AGED_GLUED,
    "dodicenne", "tredicenne", "quattordicenne", "quindicenne", "sedicenne", "diciassettenne", "undicenne", "decenne", "settenne",
    "dodicenni", "tredicenni", "quattordicenni", "quindicenni", "sedicenni", "diciassettenni", "undicenni",
  ],
  sexual: [
    "nudo", "nuda", "nudi", "nude", "nudità", "nudo integrale", "tutto nudo", "tutta nuda", "tutti nudi", "completamente (nudo|nuda|nudi|nude|svestito|svestita)",
    "svestito", "svestita", "svestiti", "svestite", "seminudo", "seminuda", "seminudi", "seminude", "(si spoglia|si spogliano|spogliarsi|spogliandosi|spogliata|spogliate)",
    "spogliarello", "spogliarellista", "spogliarelliste", "senza vestiti", "senza niente addosso", "senza mutande", "in topless", "topless", "nudista", "nudisti",
    "naturista", "naturisti", "nudismo", "naturismo", "seno nudo", "seni nudi", "a seno nudo", "tette", "tettine", "capezzoli", "capezzolo",
    "(il|del|suo|un|al|col) pene", "pene eretto", "peni", "vagina", "vagine", "vulva", "clitoride", "testicoli", "genitali", "organi genitali", "organi sessuali",
    "parti intime", "erezione", "sesso", "sessuale", "sessuali", "sessualmente", "sessualizzato", "sessualizzata", "sessualizzati", "sessualizzate",
    "rapporto sessuale", "rapporti sessuali", "atto sessuale", "fare l'amore", "fanno l'amore", "facendo l'amore", "fa l'amore", "scopata", "scopate", "scopano",
    "trombare", "trombano", "porno", "pornografia", "pornografico", "pornografica", "pornografici", "pornografiche", "a luci rosse", "film hard",
    "erotico", "erotica", "erotici", "erotiche", "erotismo", "orgasmo", "orgasmi", "masturba*", "eiacula*", "sesso orale", "sesso anale", "pompino", "pompini",
    "orgia", "sperma", "puttana", "puttane", "vibratore", "vibratori", "dildo", "giocattoli erotici", "stupro", "stupri", "stuprata", "stuprato",
    "stuprare", "stuprano", "stupratore", "stupratori", "violentata", "violentate", "violentare", "violentano", "violentatore", "abuso sessuale", "incesto",
    "zoofilia", "bestialità", "hentai", "nsfw", "xxx", "esplicito", "esplicita", "espliciti", "esplicite", "contenuto per adulti", "film per adulti",
    "arrapata", "arrapato", "onlyfans", "bdsm", "bondage", "voyeur", "voyeurismo", "esibizionista", "esibizionismo",
  ],
  graphicViolence: [
    "gore", "film splatter", "mutila*", "smembra*", "decapita*", "sgozza*", "squarta*", "eviscera*", "sventrato", "sventrata", "sventrati", "sventrare", "tortur*",
    "camera di tortura", "esecuzione (pubblica|sommaria|capitale)", "esecuzioni (pubbliche|sommarie|capitali|di massa)",
    "giustiziato", "giustiziata", "giustiziati", "giustiziate", "giustiziare", "giustiziano", "giustiziarlo", "giustiziarla", "fucilato", "fucilata", "fucilati",
    "fucilare", "fucilano", "fucilazione", "fucilazioni", "plotone d'esecuzione", "sedia elettrica", "camera a gas", "camere a gas", "iniezione letale",
    "ghigliottinato", "ghigliottinata", "impiccagione", "impiccagioni", "impiccato", "impiccata", "impiccati", "si impicca", "si è impiccato", "si è impiccata",
    "lapidazione", "lapidato", "lapidata", "lapidare", "lapidano", "linciaggio", "linciaggi", "linciato", "linciata", "linciati", "linciare", "impalato", "impalata", "impalati",
    "(picchiato|picchiata|picchiati|pestato|pestata|massacrato|massacrata|bastonato|bastonata|accoltellato|accoltellata|pugnalato|pugnalata|strangolato|strangolata|bruciato|bruciata|torturato|torturata|frustato|frustata|preso a calci|presa a calci) a morte",
    "(picchia|picchiano|pesta|pestano|massacra|massacrano|bastona|bastonano|accoltella|accoltellano|pugnala|pugnalano|prende a calci|prendono a calci|tortura|torturano|frusta|frustano) (un|una|il|la|lo|l'|) (uomo|donna|persona|vittima|prigioniero|ostaggio|ragazzo|tizio|passante|senzatetto|) a morte",
    "(lo|la|li|le) (picchia|picchiano|pesta|pestano|massacra|massacrano|bastona|bastonano|accoltella|accoltellano|pugnala|pugnalano) a morte",
    "(ucciso|uccisa|uccisi|ammazzato|ammazzata|morto|morta) a (bastonate|sprangate|coltellate|martellate|sassate|calci|pugni|botte|colpi d'ascia|colpi di machete)",
    "a sprangate", "a bastonate", "a martellate", "a colpi d'ascia", "(decine di|venti|numerose|ripetute|innumerevoli) coltellate",
    "(pugnalato|accoltellato|pugnalata|accoltellata) (ripetutamente|più volte|decine di volte|venti volte)",
    "(bruciato|bruciata|bruciati|bruciate|bruciare|brucia|bruciano|bruciò) (vivo|viva|vivi|vive)", "(bruciano|brucia|bruciò|bruciarono|bruciare) (il|la|i|le|un|una|lo) (prigioniero|prigionieri|prigioniera|strega|streghe|uomo|donna|eretico|eretici|ostaggio|ostaggi|vittima|abitanti) (vivo|viva|vivi|vive)", "(pestato|pestata|pestati|picchiato|picchiata|picchiati|massacrato|massacrata|bastonato|bastonata) a sangue", "(pestato|pestata|picchiato|picchiata|massacrato|massacrata|bastonato|bastonata|torturato|torturata|picchiano|pestano|torturano|massacrano) (a sangue |)fino alla morte", "(bruciato|bruciata|bruciati|bruciate|arso|arsa|arsi) sul rogo", "(picchiato|pestato|picchiata|pestata) a sangue fino alla morte", "arso vivo", "arsa viva", "arsi vivi", "al rogo", "(sepolto|sepolta|sepolti) (vivo|viva|vivi)",
    "(scuoiato|scuoiata|scuoiati|scorticato|scorticata) (vivo|viva|vivi|)", "scuoiare", "(dare|dà|danno|diede) fuoco a (un|una) (uomo|donna|persona|prigioniero)",
    "(tagliare|taglia|tagliano|tagliò|tagliargli|tagliarle|gli taglia|le taglia|gli tagliano) la (testa|gola)", "testa (mozzata|tagliata|decapitata)", "teste (mozzate|tagliate)",
    "mozzata", "mozzate", "mozzato", "mozzati", "mozzare", "mozzano", "gola tagliata", "gola squarciata", "(tagliarsi|si taglia|si è tagliato|si è tagliata) le vene",
    "(cavare|cava|cavano|cavato|cavò) gli occhi", "occhi cavati", "unghie strappate", "(strappare|strappa|strappano|strappò) (il cuore|gli occhi|le unghie|la lingua)",
    "(braccia|gambe|mani|dita|arti|orecchie|lingua) (mozzate|mozzati|tagliate|tagliati|amputate a colpi|strappate|strappati)",
    "(cadavere|cadaveri|corpo|corpi|resti) (insanguinato|insanguinati|insanguinata|smembrato|smembrati|mutilato|mutilati|carbonizzato|carbonizzati|decomposto|decomposti|in decomposizione|fatto a pezzi|fatti a pezzi|dilaniato|dilaniati)",
    "fatto a pezzi", "fatta a pezzi", "fatti a pezzi", "(coperto|coperta|coperti|ricoperto|ricoperta|intriso|intrisa|zuppo|zuppa|grondante|imbrattato|imbrattata) di sangue",
    "(pozza|pozze|lago|bagno|fiumi|fiume) di sangue", "bagno di sangue", "sangue (ovunque|dappertutto|schizza|schizzato|che schizza|sui muri|a fiotti|che sgorga|che zampilla)",
    "(cranio|crani|teschio) (fracassato|fracassati|spaccato|spaccati|sfondato|frantumato|schiacciato)", "(gli|le) (spacca|spaccano|fracassa|fracassano|sfonda|sfondano) (il cranio|la testa)", "(trascinato|trascinata|trascinati) (dietro|da) (una|un|la|il) (auto|macchina|cavallo|camion|moto)", "scena di (una|) esecuzione", "dilaniat*", "sbranato", "sbranata", "sbranati", "sbranate", "(divorato|divorata) (vivo|viva)", "schizzi di sangue", "cervello (spappolato|esploso|sparso)", "cervella (spappolate|sparse)", "(colpo|colpi|proiettile|pallottola|pallottole) (alla|in) testa", "(spara|sparano|sparò|spararono|sparato|sparata|gli spara|le spara|sparandogli|sparargli) (in testa|alla testa|in faccia|alla nuca|in fronte)", "a bruciapelo (in testa|alla testa|in faccia)", "colpo alla nuca",
    "(ferita|ferite) d'arma da fuoco", "ferite aperte", "ferita aperta", "osso esposto", "ossa esposte", "frattura esposta", "carne umana", "resti umani", "cannibal*",
    "massacro", "massacri", "massacrato", "massacrata", "massacrati", "massacrate", "massacrare", "strage", "stragi", "carneficina", "mattanza", "genocidio",
    "genocidi", "pulizia etnica", "sparatoria (in una scuola|a scuola|di massa)", "fossa comune", "fosse comuni", "attentato (terroristico|suicida)", "attentati terroristici",
    "suicid*", "autolesionismo", "autolesionista", "(budella|interiora|viscere) (di fuori|sparse|fuori|sparsi|ovunque)", "viscere", "crudeltà sugli animali",
    "maltrattamento di animali", "atrocità", "snuff", "brutalmente (ucciso|uccisa|assassinato|assassinata|picchiato|picchiata|torturato|torturata)",
  ],
  likeness: [
    "deepfake*", "deep fake", "scambio di (volti|volto|faccia|facce|viso)", "face swap", "faceswap",
    "(sostituisci|sostituire|cambia|cambiare|metti|mettere|scambia|scambiare|incolla) (il|la|il mio|la mia|il suo|la sua|mio|mia) (volto|faccia|viso)",
    "col volto di", "con il volto di", "sosia", "il sosia di", "clone (della|di) voce", "voce clonata", "clonare la voce", "(spacciarsi|si spaccia|spacciandosi|si spacciano) per",
    "furto d'identità", "il papa", "al papa", "del papa", "papa (francesco|leone|benedetto|giovanni paolo)", "il santo padre", "sua santità", "il pontefice", "il sommo pontefice",
    "(il|al|del) presidente (degli stati uniti|degli usa|americano|statunitense|russo|cinese|francese|ucraino|della repubblica|del consiglio|della russia|della cina|della francia|turco|iraniano)",
    "(la|alla|della) presidente del consiglio", "(il|al|del) (premier|primo ministro) (britannico|italiano|israeliano|indiano|giapponese|canadese|inglese)",
    "(il|al|del) cancelliere tedesco", "(il|al|del) re (d'inghilterra|del regno unito|carlo|felipe|di spagna)", "(la|alla|della) regina (d'inghilterra|elisabetta)",
    "(il|la) premier (italiano|italiana|meloni)", "(la|alla|della) premier", "la famiglia reale (britannica|inglese)", "(la|alla|della) guida suprema (dell'iran|iraniana)", "l'uomo più ricco del mondo",
    "(fondatore|proprietario|ceo|patron|padrone) di (tesla|spacex|microsoft|apple|amazon|facebook|meta|openai|google|nvidia|twitter)",
  ],
  negators: ["non", "senza", "né", "nessun", "nessuno", "nessuna", "mai", "evita", "evitare", "evitando", "tranne", "zero", "niente", "nulla", "eccetto"],
  exceptions: [
    "(fenomeno|fenomeni|evento|effetto|episodio|anno|corrente) (el niño|la niña)", "(fenomeno|effetto|evento) di el niño",
    "disegno infantile", "disegni infantili", "disegno di un bambino", "disegno di una bambina", "disegno di bambino", "disegni di bambini", "disegni dei bambini",
    "(disegno|disegni|scarabocchio|scarabocchi) (fatto|fatti|realizzato|realizzati) da (un|una|mio|mia|suo|sua) (bambino|bambina|figlio|figlia|bimbo|bimba)",
    "bambino interiore", "il bambino interiore", `(bebè) (${ANIMALS})`, `(cucciolo|cuccioli) di (${ANIMALS})`,
    "(gattini|gattino|cuccioli|cucciolo|puledro|puledri|puledrino|vitello|vitellini|agnellini|agnellino|pulcini|pulcino|animali|capretto|capretti) (neonato|neonati|neonata|neonate|appena nati)",
    "a occhio nudo", "occhio nudo", "a piedi nudi", "piedi nudi", "a torso nudo", "torso nudo", "a petto nudo", "petto nudo", "a mani nude", "mani nude", "braccia nude",
    "spalle nude", "pareti nude", "muri nudi", "alberi nudi", "rami nudi", "roccia nuda", "terra nuda", "la nuda verità", "nuda verità", "nuda e cruda", "nudo e crudo",
    "(rossetto|rossetti|smalto|tonalità|tono|toni|colore|colori|scarpe|décolleté|trucco) nude", "nude look", "sesso (maschile|femminile|opposto)", "di sesso (maschile|femminile)",
    "entrambi i sessi", "premier (league|padel|inn|pro)", "le pene d'amore", "bloody mary", "mattanza del tonno", "mattanza dei tonni", "esecuzione (del piano|musicale|perfetta|impeccabile|tecnica)",
    "(tagliare|taglia|tagliano) la testa (al|del|a un|di un) (pesce|manichino|melone|anguria|spaventapasseri|pollo|aglio)",
  ],
};
