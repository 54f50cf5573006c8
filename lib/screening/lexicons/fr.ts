import { type Lexicon, UNDER_18 } from "./types";

/**
 * French. Elided articles are separate words ("l'enfant" reads "l enfant"), accents are folded
 * ("bébé" reads "bebe"). "fille" (also "daughter") is left out alone, as "girl" is in English;
 * "petite fille", "fillette", "garçon" are in. "nu/nue" are short and fire only in French text.
 */

const UNDER_18_WORDS = "un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|dix-sept";
const PERSON =
  "fille|filles|garçon|garçons|fillette|fillettes|jeune|jeunes|enfant|enfants|adolescente|adolescent|élève|élèves|étudiante|étudiant|sœur|frère|nièce|neveu|cousine|cousin|petite-fille|petit-fils|mannequin|danseuse|danseur|gymnaste|joueuse|joueur|chanteuse|chanteur|actrice|acteur|modèle|jumelles|jumeaux|femme|homme|personne|gamine|gamin|patineuse|nageuse";
const ANIMALS =
  "phoque|phoques|éléphant|éléphants|girafe|girafes|panda|pandas|tigre|tigres|lion|lions|ours|dauphin|dauphins|baleine|baleines|koala|koalas|singe|singes|pingouin|pingouins|manchot|manchots|tortue|tortues|loutre|loutres|hibou|kangourou|hippopotame|rhinocéros|renard|renards|zèbre|zèbres|chameau|lama|lamas|alpaga|chèvre|chèvres|gorille|chien|chat|cheval|dinosaure|dragon";

export const LEXICON: Lexicon = {
  lang: "fr",
  stopwords: [
    "le", "la", "les", "de", "des", "du", "un", "et", "en", "au", "aux", "ce", "ces", "cette", "qui", "que", "dans", "par", "sur",
    "avec", "sans", "ne", "pas", "sa", "ses", "leur", "leurs", "il", "elle", "ils", "elles", "nous", "vous", "je", "est", "sont",
    "été", "être", "ont", "mais", "ou", "donc", "très", "tout", "tous", "toute", "toutes", "comme", "se", "sous", "entre", "vers", "chez",
    "l", "d", "qu", "c", "s", "j", "lui", "même", "aussi", "où", "notre", "votre", "après", "avant", "pendant", "puis", "une",
  ],
  minors: [
    // Children, babies
    "enfant", "enfants", "gamin", "gamine", "gamins", "gamines", "gosse", "gosses", "môme", "mômes", "bambin", "bambins", "bambine", "bambines",
    "marmot", "marmots", "minot", "minots", "loupiot", "loupiots", "loupiote", "bout de chou", "bouts de chou", "mouflet", "mouflets", "mouflette",
    "(un|le|mon|ton|son|ce|du|au|petit|leur|notre|votre|joli|beau|nouveau|premier|gros|adorable|ce petit|un petit) bébé", "bébés",
    "bébé (qui|dort|dormant|pleure|pleurant|sourit|souriant|rit|riant|joue|jouant|endormi|endormie|marche|à quatre pattes|naissant|humain|fille|garçon|emmailloté|dans|sur|avec|en train|au sein|qui dort)", "nourrisson", "nourrissons", "poupon", "poupons", "tout-petit", "tout-petits", "toute-petite",
    "(un|le|les|des|mon|ma|son|sa|ce|du|au|aux|leur|notre) (nouveau-né|nouveau-nés|nouveaux-nés|nouveau-née|nouvelle-née|nouveau né|nouveaux nés|nouveau née)",
    "petit garçon", "petits garçons", "petite fille", "petites filles", "fillette", "fillettes", "garçon", "garçons", "garçonnet", "garçonnets",
    "jeune fille", "jeunes filles", "jeune garçon", "jeunes garçons", "petit enfant", "petite enfant",
    "ado", "ados", "adolescent", "adolescente", "adolescents", "adolescentes", "adolescence", "préado", "préados", "préadolescent", "préadolescente",
    "préadolescents", "préadolescentes", "pubère", "pubères", "prépubère", "prépubères", "impubère", "impubères",
    "mineure", "mineures", "mineur de moins de", "mineurs de moins de", "mineur non accompagné", "mineurs non accompagnés", "détournement de mineur",
    "détournement de mineurs", "(un|une|des|les|deux|trois|jeunes|jeune) mineurs? (de|âgé|âgée|âgés|âgées)", "moins de (18|dix-huit|16|seize|15|quinze|14|12) ans",
    "pédophile", "pédophiles", "pédophilie", "pédo", "pédopornographie", "pédopornographique", "lolicon", "loli", "shota",
    // School
    "écolier", "écolière", "écoliers", "écolières", "collégien", "collégienne", "collégiens", "collégiennes", "lycéen", "lycéenne", "lycéens", "lycéennes",
    "lycée", "lycées", "école primaire", "écoles primaires", "école maternelle", "en maternelle", "à la maternelle", "garderie", "jardin d'enfants",
    "élèves? (de|du|en) (primaire|maternelle|cp|ce1|ce2|cm1|cm2|sixième|cinquième|quatrième|troisième|6e|5e|4e|3e|collège|lycée|l'école primaire|seconde)",
    "(classe|classes) de (cp|ce1|ce2|cm1|cm2|sixième|cinquième|quatrième|troisième|6e|5e|4e|3e|maternelle)",
    "(en|au) (cp|ce1|ce2|cm1|cm2)", "(fille|filles|garçon|garçons|élève|élèves) (de|du|au) collège",
    "première communion", "(mannequin|mannequins|concours de beauté|chorale|équipe) (enfant|enfants|pour enfants|junior|juniors)",
    // Ages under 18
    `(${PERSON}) (de|d') (${UNDER_18}|${UNDER_18_WORDS}) (ans|mois)`,
    `(âgé|âgée|âgés|âgées) de (${UNDER_18}|${UNDER_18_WORDS}) ans`,
    `(il|elle|qui) a (${UNDER_18}|${UNDER_18_WORDS}) ans`,
    `(${UNDER_18}|${UNDER_18_WORDS}) ans et demi`,
  ],
  sexual: [
    "nu", "nue", "nus", "nues", "nudité", "nudités", "à poil", "tout nu", "toute nue", "tous nus", "toutes nues", "complètement (nu|nue|nus|nues)",
    "entièrement (nu|nue|nus|nues)", "(femme|femmes|homme|hommes|fille|filles|corps|couple|mannequin|modèle|danseuse) (nu|nue|nus|nues|dénudé|dénudée|dénudés|dénudées)",
    "dénudé", "dénudée", "dénudées", "nudiste", "nudistes", "naturiste", "naturistes", "naturisme", "nudisme", "plage nudiste",
    "se déshabille", "se déshabillent", "se déshabillant", "déshabillée", "déshabillées", "déshabillé", "se dévêt", "dévêtue", "dévêtu", "dévêtues",
    "(enlève|enlèvent|retire|retirent|ôte|ôtent|enlevant|retirant) (ses|tous ses|toutes ses|leurs|tous leurs) (vêtements|habits|fringues|sous-vêtements)",
    "sans (vêtements|aucun vêtement|habits|culotte|rien sur (le dos|elle|lui))", "en tenue d'ève", "en tenue d'adam", "dans le plus simple appareil",
    "topless", "seins nus", "(seins|poitrine|fesses|sexe) (nus|nue|à l'air|découverts|découverte|exposés|exposée|dénudés|dénudée)",
    "nichons", "nénés", "tétons", "téton", "mamelons", "pénis", "vagin", "vagins", "vulve", "vulves", "clitoris", "testicules", "organes génitaux",
    "parties génitales", "parties intimes", "(le|son|leur) sexe en érection", "érection", "zizi",
    "sexe", "sexes", "sexuel", "sexuelle", "sexuels", "sexuelles", "sexuellement", "sexualisé", "sexualisée", "sexualisés", "sexualisées",
    "rapport sexuel", "rapports sexuels", "relation sexuelle", "relations sexuelles", "acte sexuel", "faire l'amour", "font l'amour", "fait l'amour",
    "faisant l'amour", "baisent", "baisant", "se faire baiser", "niquer", "niquent", "coucher avec", "couchent ensemble", "s'envoyer en l'air",
    "porno", "pornos", "porn", "pornographie", "pornographique", "pornographiques", "film x", "films x", "vidéo x", "vidéos x", "classé x", "xxx", "nsfw",
    "érotique", "érotiques", "érotisme", "orgasme", "orgasmes", "masturb*", "éjacul*", "fellation", "fellations", "cunnilingus", "sodomie", "sodomise*",
    "partouze", "partouzes", "orgie", "orgies", "plan à trois", "gang bang", "sperme", "strip-tease", "striptease", "stripteaseuse", "stripteaseuses",
    "effeuilleuse", "pute", "putes", "salope", "salopes", "godemiché", "godemichés", "vibromasseur", "vibromasseurs", "sextoy", "sextoys", "jouet sexuel",
    "poupée gonflable", "viol", "viols", "violée", "violées", "violé", "violer", "violeur", "violeurs", "viol collectif", "attouchements",
    "pelotage", "inceste", "zoophilie", "bestialité", "hentai", "ecchi", "obscène", "obscènes", "exhibitionniste", "exhibitionnistes", "exhibitionnisme",
    "voyeur", "voyeurisme", "pubis", "poils pubiens", "cul nu", "fesses nues", "onlyfans", "bdsm", "bondage", "fétichisme sexuel", "excitée sexuellement",
  ],
  graphicViolence: [
    "gore", "gores", "mutil*", "démembr*", "décapit*", "égorg*", "éviscér*", "écartel*", "tortur*", "supplicié", "suppliciés", "suppliciée",
    "(homme|femme|corps|cadavre|cadavres|victime|victimes|ventre) (éventré|éventrée|éventrés|éventrées)", "éventre (un|une|le|la) (homme|femme|victime)",
    "(tripes|entrailles|boyaux|intestins|viscères) (à l'air|répandues|répandus|étalées|étalés|pendantes|sortent|partout|par terre|sur le sol)", "viscères",
    "exécution (publique|sommaire|capitale|extrajudiciaire)", "exécutions (publiques|sommaires|capitales|de masse)",
    "exécution (d'un|du|des|d'une|de la) (prisonnier|prisonniers|otage|otages|condamné|condamnés|détenu|détenus|civil|civils|soldat|soldats|traître)",
    "(exécute|exécutent|exécuté|exécutée|exécutés|exécutées|exécuter) (un|le|les|des|une|la|deux|) (prisonnier|prisonniers|otage|otages|condamné|condamnés|détenu|détenus|civils|soldats|traître|traîtres|homme|hommes|femme|femmes)",
    "(prisonnier|prisonniers|otage|otages|condamné|condamnés|détenu|détenus|homme|hommes|femme|femmes|soldat|soldats|civils|traître|victime) (est|sont|fut|furent|a été|ont été|étant|) (exécuté|exécutée|exécutés|exécutées|fusillé|fusillée|fusillés|pendu|pendue|pendus|décapité|décapitée|lapidé|lapidée|lynché|lynchée)",
    "fusillé", "fusillée", "fusillés", "fusiller", "fusillent", "peloton d'exécution", "chaise électrique", "chambre à gaz", "chambres à gaz", "injection létale",
    "(fut|a été|est|été|être|sont|ont été|furent) (guillotiné|guillotinés)", "guillotinée", "guillotinés", "guillotiner", "guillotinent", "pendaison", "pendaisons", "pendaison publique", "(homme|femme|corps|cadavre) pendu", "(corps|cadavre) pendus",
    "s'est pendu", "s'est pendue", "se pend", "se pendre", "pendu à un arbre", "pendus aux arbres", "lapidation", "lapidé", "lapidée", "lapidés", "lapider", "lapident",
    "lynchage", "lynchages", "lyncher", "lynché", "lynchée", "lynchés", "empalé", "empalée", "empalés", "empalement",
    "(battu|battue|battus|battues|roué|rouée|roués|tabassé|tabassée|tabassés|frappé|frappée|lynché|poignardé|poignardée|poignardés|piétiné|piétinée|lapidé|étranglé|étranglée|fouetté|fouettée|brûlé|brûlée|torturé|torturée|matraqué|matraquée) (à mort|jusqu'à la mort)",
    "(bat|battent|tabasse|tabassent|frappe|frappent|roue|rouent|piétine|piétinent|poignarde|poignardent|matraque|matraquent|fouette|fouettent|torture|torturent) (un|une|le|la|les|l'|) (homme|femme|personne|victime|prisonnier|otage|type|gars|mec|passant|) (à mort|jusqu'à la mort)",
    "(le|la|les|l') (bat|battent|tabasse|tabassent|frappe|frappent|roue|rouent|piétine|piétinent|poignarde|poignardent|matraque|matraquent|fouette|fouettent) (à mort|jusqu'à la mort)",
    "roué de coups jusqu'à", "rouée de coups jusqu'à", "coups de batte jusqu'à la mort", "jusqu'à ce que mort s'ensuive",
    "(poignardé|poignardée|poignardés|lardé|lardée) de (coups de couteau|dizaines de coups)", "(poignardé|poignardée|poignarde|poignardent) (à plusieurs reprises|sauvagement|des dizaines de fois|vingt fois|encore et encore)",
    "(multiples|dizaines de|vingt|nombreux) coups de couteau",
    "(brûlé|brûlée|brûlés|brûlées|brûler|brûle|brûlent|brûlant) (vif|vive|vifs|vives)", "(brûlent|brûle|brûlé|brûlée|brûlés|brûlèrent|brûlaient) (le|la|les|un|une|des) (prisonnier|prisonniers|prisonnière|sorcière|sorcières|homme|femme|hérétique|hérétiques|captif|captifs|victime|otage|otages|villageois) (vif|vive|vifs|vives)", "(enterré|enterrée|enterrés|enterrer) (vivant|vivante|vivants|vivantes)",
    "(écorché|écorchée|écorchés|écorcher|écorche) (vif|vive|vifs)", "(immolé|immolée|immolés) par le feu", "(mettent|met|mis) le feu à (un|une|l') (homme|femme|prisonnier|victime)",
    "(couper|coupe|coupent|coupé|coupée|trancher|tranche|tranchent|tranché|tranchée) la tête", "(lui|leur) (coupe|coupent|tranche|tranchent|a coupé|a tranché) la (tête|gorge)",
    "tête (coupée|tranchée)", "têtes (coupées|tranchées)", "gorge (tranchée|ouverte|égorgée)", "trancher la gorge", "tranche la gorge", "(se taillade|se tranche|s'ouvre|s'ouvrir) les veines",
    "(membres|bras|jambes|mains|doigts|oreilles|langue) (arrachés|arrachées|coupés|coupées|tranchés|tranchées|sectionnés|sectionnées)",
    "(arracher|arrache|arrachent|arraché|arrachant) (les yeux|les ongles|le cœur|la langue|la peau)", "(lui|leur) (arrache|arrachent|crève|crèvent) (les yeux|les ongles|le cœur)",
    "yeux crevés", "crever les yeux", "ongles arrachés", "cœur arraché",
    "(corps|cadavre|cadavres|dépouille|victime|victimes) (démembré|démembrés|déchiqueté|déchiquetés|calciné|calcinés|mutilé|mutilés|mutilée|en décomposition|putréfié|putréfiés|ensanglanté|ensanglantés|ensanglantée|découpé en morceaux)",
    "(couvert|couverte|couverts|couvertes|baigné|baignée|maculé|maculée|trempé|trempée|ruisselant|dégoulinant) de sang", "baignant dans son sang", "gisant dans son sang", "gisant dans une mare de sang",
    "(crâne|crânes) (fracassé|fracassés|écrasé|écrasés|défoncé|défoncés|ouvert|éclaté|éclatés)", "(lui|leur) (fracasse|fracassent|écrase|écrasent|défonce|défoncent|éclate|éclatent) le crâne", "(traîné|traînée|traînés|traînent|traîne) (derrière|par) (une|un|la|le) (voiture|cheval|camion|moto)", "scène d'exécution", "scènes d'exécution", "bain de sang", "mare de sang", "mares de sang", "flaque de sang", "flaques de sang", "éclaboussures de sang", "giclées de sang", "giclée de sang", "du sang partout",
    "sang partout", "sang (gicle|giclant|jaillit|jaillissant|éclaboussé|sur les murs|coule à flots)", "murs éclaboussés de sang",
    "cervelle (éclatée|répandue|partout|sur le mur)", "(lui|leur|se) (fait|font) sauter la cervelle", "(s'est|se) fait sauter la cervelle", "balle dans la tête", "balles dans la tête",
    "(une|) balle en pleine (tête|tête|face)", "(tire|tirent|tiré|tirée|a tiré|ont tiré|tirant) dans la (tête|nuque)", "(lui|leur) tire (une balle|) dans la (tête|nuque)", "tête explosée", "tête qui explose", "à bout portant dans la (tête|nuque)",
    "blessure par balle", "blessures par balle", "plaie béante", "plaies béantes", "os apparent", "os apparents", "fracture ouverte", "chair humaine", "restes humains",
    "morceaux de corps", "cannibal*", "anthropophage", "anthropophages",
    "massacre", "massacres", "massacré", "massacrée", "massacrés", "massacrées", "massacrer", "massacrent", "génocide", "génocides", "génocidaire",
    "nettoyage ethnique", "tuerie", "tueries", "tuerie de masse", "fusillade (dans une école|dans un lycée|de masse|dans une église)", "tireur fou", "charnier", "charniers",
    "fosse commune", "fosses communes", "attentat (terroriste|suicide|kamikaze)", "attentats terroristes", "ceinture d'explosifs",
    "suicid*", "automutilation", "s'automutile", "se scarifie", "se scarifier", "se tirer une balle", "se tire une balle", "s'est tiré une balle",
    "cruauté animale", "cruauté envers les animaux", "maltraitance animale", "atrocités", "snuff", "boucherie humaine", "carnage", "carnages",
  ],
  likeness: [
    "deepfake*", "deep fake", "hypertrucage", "hypertrucages", "hypertruquage", "permutation de visage", "échange de (visage|visages)", "changement de visage",
    "face swap", "faceswap", "(remplace|remplacer|remplacez|change|changer|changez|échange|échanger|échangez|mets|mettre|mettez|colle|coller|collez) (son|mon|ton|le|leur|les|votre) (visage|visages|tête)",
    "(avec|par) le visage (de|d')", "sosie", "sosies", "un sosie de", "clone (vocal|de la voix|numérique) de", "(imiter|imite|imitant|cloner|clone) la voix de",
    "usurpation d'identité", "(se faire|se fait|se faisant|se font) passer pour", "à l'effigie de", "trait pour trait",
    "le pape", "au pape", "du pape", "le souverain pontife", "le saint-père", "sa sainteté", "pape (françois|léon|benoît|jean-paul|jean paul)",
    "(le|au|du) président (de la république|français|américain|russe|chinois|ukrainien|turc|iranien|brésilien|mexicain|des états-unis|des états unis|de la france|de la russie|de la chine|de l'ukraine|des usa|algérien|sénégalais|ivoirien)",
    "(la|à la) présidente de la commission européenne", "(le|au|du) premier ministre (britannique|israélien|indien|japonais|canadien|italien|français|québécois)",
    "(le|au|du) chancelier allemand", "(la|à la) reine d'angleterre", "(le|au|du) roi (d'angleterre|du royaume-uni|du maroc|d'espagne|des belges|charles|felipe|philippe|mohammed vi)",
    "la famille royale (britannique|anglaise)", "(le|au|du) guide suprême (iranien|de l'iran)", "l'homme le plus riche du monde",
    "(le fondateur|le patron|le pdg|le créateur) (de|d') (tesla|spacex|microsoft|apple|amazon|facebook|meta|openai|google|nvidia|twitter|lvmh)",
  ],
  negators: ["pas", "sans", "ni", "aucun", "aucune", "jamais", "non", "évite", "éviter", "évitez", "sauf", "zéro", "rien", "hormis", "excepté"],
  exceptions: [
    // Weather
    "(phénomène|phénomènes|courant|épisode|effet|année|événement) (el niño|la niña)", "(phénomène|épisode|effet) d'el niño", "el niño et la niña",
    // Idioms and objects
    "dessin d'enfant", "dessins d'enfant", "dessin d'enfants", "dessins d'enfants", "(dessin|dessins|gribouillage|gribouillages) (fait|faits|réalisé|réalisés) par (un|une|mon|ma|son|sa) (enfant|fils|fille|gamin)",
    "jeu d'enfant", "un jeu d'enfant", "enfant intérieur", "l'enfant intérieur", "enfant terrible", "bon enfant", "(ambiance|atmosphère) bon enfant",
    "garçon de café", "garçons de café", "vieux garçon", "garçon d'honneur",
    `(bébé|bébés) (${ANIMALS})`, `(${ANIMALS}) (bébé|bébés)`, "(chaton|chatons|chiot|chiots|poulain|poulains|veau|veaux|agneau|agneaux) (nouveau-né|nouveau-nés|nouveau né|nouveaux-nés|nouveaux nés)",
    // Bare, not naked
    "torse nu", "torses nus", "pieds nus", "pied nu", "à pieds nus", "à l'œil nu", "œil nu", "bras nus", "épaules nues", "dos nu", "robe dos nu", "tête nue",
    "(mains|à mains) nues", "murs nus", "mur nu", "arbres nus", "arbre nu", "branches nues", "terre nue", "roche nue",
    "(rouge à lèvres|vernis|escarpins|talons|teinte|ton|tons|couleur|maquillage|fard) nude", "nude (mat|satiné|rosé)",
    "(de|du) sexe (masculin|féminin|opposé)", "les deux sexes", "sans distinction de sexe",
    // Violence words used of food, sport and plans
    "bloody mary", "exécution (d'un ordre|du plan|parfaite|impeccable|musicale|technique)", "(couper|coupe|coupent|trancher|tranche) la tête (du|d'un|au|à un) (poisson|mannequin|melon|pastèque|ail|poulet|épouvantail)",
  ],
};
