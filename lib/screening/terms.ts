/**
 * The content policy's vocabulary in English. Phrases use the notation of phrase-index.ts; every
 * word is matched whole, after normalisation, so "kid" never fires inside "kidney". Every other
 * language (lexicons/*.ts, lexicon-supplement.ts) follows the same decisions below.
 *
 * Decisions, so that the same question always gets the same answer:
 *
 * Minors (hard red line). Matching is lexical: any word for a human child or teenager is
 * refused whatever the activity, including children as an audience ("a cartoon for kids"),
 * because a video model renders what a prompt mentions. Ages under 18 ("12-year-old", "aged
 * 9", "15 yo"), grades ("5th grader", "year 7 pupils") and school stages ("middle schooler",
 * "high school", "kindergarten") count. Passing: the young of animals ("kid goat", "baby
 * elephant", "goat kids", "a mother bear and her babies"), ages of things ("a 12-year-old
 * single malt", "my dog is 14 years old") and fixed phrases where no child is shown: "baby's
 * breath", "baby grand", "baby carrots", "baby shower", "baby bump", "kid gloves", "child's
 * play" (the idiom, including the film title), "inner child", "Teenage Mutant Ninja Turtles",
 * "minor league", "girl scout cookies". "childhood" passes (a topic, not a person). "boy" is
 * refused (in English it nearly always means a child) except in fixed phrases ("boy band",
 * "good boy" said to a dog); "girl" alone passes because it is routinely used of adult women,
 * but "little/young/teen/baby girl" and "schoolgirl" are refused. "young woman/man/adults" pass.
 *
 * Sexual. Nudity, sex acts, porn, erotica and genitals are refused. "sexy", "sensual",
 * "lingerie", "bikini", "shirtless", kissing and cuddling pass. "nude" as the colour of a
 * product passes ("nude lipstick", "nude heels"), as do "naked eye", "naked mole rat", "naked
 * cake", "blue tits" (birds) and titles that ask for no nudity ("The Naked Gun"). No title
 * gets an exception from the minors rule ("The Karate Kid" is refused).
 *
 * Graphic violence. Gore, mutilation, torture, executions, mass shootings, massacres, blood-
 * soaked scenes, suicide and self-harm are refused. Violence without gore passes: battles,
 * sword fights, boxing, shoot-outs, war films, horror, zombies, vampires, "killer whale",
 * "bloody mary", "dead leaves", "shooting stars", "photo shoot". "blood" and "bloody" alone
 * pass; "execution" passes when it is about carrying out a plan or a move ("flawless
 * execution"); cutting or beheading a straw target, a melon or a dummy passes.
 *
 * Negation. A refused word right after a negation passes: "no gore", "without nudity", "adults
 * only, no kids", "no blood or gore", "gore-free". Names and likeness requests are never
 * negated ("not a deepfake of ..." is still refused).
 *
 * Real people (hard red line; names in data/real-people.txt, see real-people.ts). Named living
 * people and figures of the photographic era, plus a few earlier ones with iconic portraits
 * (Washington, Napoleon, Mozart), are refused in any medium: a statue, a portrait, a coin
 * ("the Abraham Lincoln penny"). Ancient and legendary figures (Cleopatra, Julius Caesar, Joan
 * of Arc) and religious figures of scripture are not listed. Places and products named after
 * a person pass: "Lincoln Memorial", "George Washington Bridge", "Trump Tower", "Air Jordan",
 * "a Tesla", "King Charles spaniel", "Shirley Temple" (the drink). Creators' names pass when
 * they stand for a style or a work ("in the style of Van Gogh", "Wes Anderson style", "a
 * Mozart symphony", "Shakespeare's Globe"), and so a creator named next to a work word passes
 * even as the subject ("Van Gogh painting in a field"): an accepted gap. Fictional characters
 * pass (Sherlock Holmes, Batman, James Bond). Also refused: deepfakes, face swaps,
 * impersonation, lookalikes, "in the likeness of", "make him look like <Name>", and offices
 * that identify one person ("the Pope", "the US president", "the King of England").
 */

export const MINOR_TERMS: readonly string[] = [
  "child", "children", "childs", "childrens", "childcare", "kid", "kids", "kiddo", "kiddos", "kiddie", "kiddies", "kiddy", "toddlers?", "infants?",
  "newborns?", "new (born|borns)", "baby", "babies", "bambinos?", "preschool", "preschoolers?", "pre (school|schooler|schoolers)", "kindergarten",
  "kindergartners?", "kindergarteners?", "schoolgirls?", "schoolboys?", "schoolchild", "schoolchildren", "schoolkids?",
  "school (girl|girls|boy|boys|kid|kids|child|children|pupil|pupils)", "teens?", "teenagers?", "teenage", "teenaged", "preteens?", "tweens?",
  "tweenagers?", "adolescents?", "adolescence", "pubescent", "prepubescent", "underage", "underaged", "under aged", "minors",
  "juvenile (delinquent|delinquents|detention|offender|offenders|court|hall)",
  "(little|young|small|lil) (girl|girls|boy|boys|kid|kids|child|children)", "young (son|daughter|teen|teens)", "boy", "boys",
  "(boy|girl|cub) (scout|scouts)", "boyscouts?", "girlscouts?",
  "elementary (school|schools|schooler|schoolers|student|students|pupil|pupils|class|classroom|kids)", "middle (school|schools|schooler|schoolers)",
  "high (schooler|schoolers)", "highschool", "highschooler", "highschoolers", "high school", "grade (school|schooler|schoolers)", "gradeschoolers?",
  "junior high", "primary (school|schools|schooler|schoolers|pupil|pupils)", "secondary school", "nursery school", "daycare", "day care",
  "(youth|junior) (team|teams|league|leagues|club|clubs|soccer|football|basketball|baseball|hockey|choir|orchestra|group|camp|sports|academy)",
  "little league", "pee wee (football|league|team)", "sweet (sixteen|16)", "quinceaneras?", "(bar|bat) mitzvah", "first communion", "jailbait",
  "lolis?", "lolicon", "shotas?", "shotacon", "barely legal", "pedophiles?", "paedophiles?", "pedophilia", "paedophilia", "pedo", "infanticide",
];

export const SEXUAL_TERMS: readonly string[] = [
  "nude", "nudes", "nudity", "nudist", "nudists", "naturist", "nood", "noods", "noodz", "nudez", "naked", "nakedness", "topless", "bottomless",
  "unclothed", "undress*", "in the nude", "full frontal", "birthday suit", "skinny dipping", "(no|without|without any) (clothes|clothing)",
  "(wearing|wears|wear) nothing", "(clothes|clothing) (off|removed)",
  "(takes|take|taking|took|strips|strip|stripping|remove|removes|removing|removed) (off|) (her|his|their|all|all her|all his|all their) (clothes|clothing)",
  "sex", "sexual", "sexually", "sexualized", "sexualised", "sexting", "sext", "intercourse", "copulat*", "porn", "porno", "pron", "pornographic",
  "pornography", "pornhub", "xvideos", "xxx", "x rated", "xrated", "rated x", "nsfw", "not safe for work", "erotic", "erotica", "eroticism", "hentai", "ecchi", "rule34",
  "rule 34", "orgasm*", "masturbat*", "ejaculat*", "genital*", "penis", "penises", "vagina", "vaginas", "vulva", "clitoris", "labia", "scrotum",
  "testicles", "nipples?", "boobs", "boobies", "tits", "titties", "cum", "cumshot", "semen", "blowjobs?", "handjobs?", "fellatio", "cunnilingus",
  "anal", "threesome", "foursome", "orgy", "orgies", "gangbang", "bukkake", "deepthroat", "milf", "bdsm", "bondage", "fetish", "fetishes", "kinky sex",
  "strippers?", "striptease", "strip (tease|club|show|dance|poker)", "(lap|lapdance) (dance|dances|dancing)", "lapdance",
  "sex (toy|toys|doll|dolls|tape|scene)", "dildos?", "vibrators?", "onlyfans", "camgirls?", "camwhore", "whore", "slut",
  "(make|makes|making|made) love", "explicit", "lewd", "horny", "foreplay", "(fondle|fondles|fondling|fondled|grope|gropes|groping|groped)", "molest*",
  "rape", "raped", "raping", "rapist", "incest", "bestiality", "zoophilia", "upskirt", "downblouse", "voyeur", "voyeurism",
  "(bare|exposed|naked) (breast|breasts|buttocks)", "bare breasted",
  "(touching|touches|touch|pleasuring|pleasures) (herself|himself|themselves)",
];

export const VIOLENCE_TERMS: readonly string[] = [
  "gore", "gorefest", "gory", "gorey", "goriest", "gruesome", "grisly", "nsfl", "mutilat*", "dismember*", "decapitat*", "behead*", "disembowel*",
  "eviscerat*", "entrails", "viscera", "guts (spill|spills|spilling|spilled|hanging|out|everywhere|ripped)", "(spill|spills|spilling|spilled) (his|her|their|its) guts",
  "intestines (hanging|spilling|spilled|out)", "torture", "tortured", "tortures", "torturing", "torturer", "torturers",
  "execution", "executions", "execution style", "(being|be|was|were|is|are|get|gets|got) executed", "executed (by firing squad|by hanging|by guillotine|by lethal injection|in public|prisoner|prisoners|hostage|hostages)",
  "executing (a|the|) (prisoner|prisoners|hostage|hostages|man|woman|people|civilians)", "firing squad", "guillotined", "electric chair", "gas chamber",
  "(mass|school|church|mall|concert|office) (shooting|shootings|shooter|shooters)", "shooting spree", "active shooter", "killing spree",
  "massacre*", "genocide", "genocidal", "ethnic cleansing", "mass (murder|murders|killing|killings|grave|graves|execution|suicide)",
  "(blood|gore) soaked", "blood (spatter*|splatter*|spurt*|gush*|spray*|pour*|drench*)", "(stabbing|killing|shooting|murder|murderous) (frenzy|rampage|spree)",
  "(set|sets|setting) (him|her|them|himself|herself|themselves|a man|a woman|a person|people|the prisoner|the victim) on fire", "(man|woman|person|people|prisoner|victim|body) (is|was|being|gets|) set on fire",
  "(burn|burns|burning) alive", "public (hanging|hangings|execution|executions|beheading|beheadings|stoning)", "stoned to death", "stoning (a|the|) (man|woman|person|prisoner)",
  "(man|woman|person|prisoner|criminal|outlaw|rebel|rebels|men|women) (is|was|being|are|were|gets|) (hanged|lynched)", "(skin|skins|skinning|flay|flays) (a|the|) (man|woman|person|human|victim|prisoner|body|people) (alive|)",
  "(body|bodies|corpse|corpses|man|woman|person|victim) (cut|chopped|hacked|sawed|sawn|torn|ripped) (into|to) (pieces|bits|shreds)", "(throat|throats|wrist|wrists) (being|is|was|are|were|getting|gets|) (slit|slashed)", "(his|her|their) (neck|necks|spine) (is|was|being|) (broken|snapped|twisted)",
  "bullet (entering|enters|entered|piercing|pierces|pierced|through|into|tearing through|exploding through) (a|the|his|her|their|) (man|woman|person|victim|) (skull|head|brain|face|eye)", "skinned (man|woman|body|bodies|corpse|corpses|human|humans|person|people|victim|victims|prisoner|alive)", "(man|woman|person|body|corpse|victim|prisoner|human) (skinned|flayed)", "(soaked|drenched|covered|dripping|bathed|caked) in (blood|gore|guts)", "pool of blood", "(pools|puddles) of blood",
  "bloodbath", "blood bath", "blood (spatter|splatter|spattered|splattered|spurting|gushing|everywhere|spraying|sprays|pouring)", "(gushing|spurting|spraying) blood",
  "bloody (corpse|corpses|body|bodies|stump|stumps|remains|massacre)", "brains? (blown|splattered|spattered|splatter|everywhere)", "brain matter",
  "(blow|blew|blown|blowing) (his|her|their|its) (head|brains) (off|out)", "head (explodes|exploding|exploded|blown off)", "exploding head",
  "(slit|slits|slitting|slash|slashes|slashing|cut|cuts|cutting) (his|her|their|a|the|your|my) (throat|throats|wrists|wrist)", "throats? (slit|slashed|cut)",
  "(stabbed|beaten|bludgeoned|hacked|strangled|crushed|burned|burnt|mauled|tortured|kicked|whipped) to death", "stabbed repeatedly",
  "severed (head|heads|limb|limbs|arm|arms|leg|legs|hand|hands|finger|fingers|foot|feet|body parts|ear|tongue)", "(human|bloody|scattered|flying|mangled|dismembered) body parts", "(chop|chops|chopping|chopped|cut|cuts|cutting|hack|hacks|hacking|saw|saws|sawing) off (his|her|their|the|a) (head|arm|arms|leg|legs|hand|hands|finger|fingers|fingers|feet|foot|ear|ears|tongue|limbs)",
  "(fingers|limbs|arms|legs|hands|ears|tongue|head) (are|is|being|get|gets|) (cut|chopped|hacked|sawn|ripped|torn) off",
  "torn (limb from limb|apart limb)", "limbs (torn|ripped|severed)", "(ripped|torn) apart (by|alive)", "(skinned|flayed|burned|burnt|boiled|eaten) alive", "flayed", "flaying",
  "(eyes|eye|eyeballs?) (gouged|gouging|ripped|plucked)", "gouged out", "gouges out", "gouging out",
  "(heart|hearts) (ripped|torn) out", "(rips|ripped|ripping|tears|tore|tearing) out (his|her|their|a) (heart|eyes|guts|throat|spine)",
  "(tearing|tears|tore|ripping|rips|ripped|torn) (flesh|skin|into flesh)", "human flesh", "(rotting|decomposing|mangled|charred|burned|mutilated|bloated) (corpse|corpses|body|bodies|flesh|remains)",
  "cannibal*", "impaled", "impaling", "impalement", "(snuff) (film|films|movie|movies|video|videos)", "(lynch|lynched|lynching|lynchings|lynch mob)",
  "suicide", "suicides", "suicidal", "self (harm|harming|mutilation)", "(cut|cuts|cutting|slit|slits|slitting) (his|her|their|my) wrists", "hanged (himself|herself|themselves)",
  "(hanging|hanged) (body|bodies|corpse|corpses)", "noose around (his|her|their) neck", "(shot|shoots|shooting) in the (head|face)", "bullet (entering|through) (his|her|their|a) (skull|head|brain)",
  "(gunshot|gaping|bullet|exit|stab|open) wounds?", "exposed (bone|bones|organs|brain)", "bones? sticking out", "compound fracture",
  "crawling with maggots", "(war|war crime) atrocities", "terror (attack|attacks)", "terrorist (attack|attacks|bombing)", "suicide (bomber|bombing|vest)",
  "(beheads|beheaded|behead) (a|the|) (hostage|prisoner|man|woman)", "torture (porn|chamber|scene|video)", "animal (cruelty|abuse|torture)",
  "blood and guts", "(legs|arms|limbs) blown off", "landmine victims?", "maim*", "massacring", "slaughter (of|) (civilians|villagers|people|children|innocents)",
  "(slaughtered|slaughtering|slaughters) (civilians|villagers|people|children|innocents|hostages|prisoners)", "crucified (man|woman|body|bodies|people)", "crows pecking (his|her|their) eyes",
  // Acts without a gore word: beating, bludgeoning, burning, execution, torture, dragging.
  "bludgeon*", "(beaten|beat|beating|kicked|stomped|clubbed) (to a pulp|senseless|unconscious|bloody)", "curb (stomp|stomped|stomping)", "curbstomp*",
  "(beat|beats|beating|kick|kicks|kicking|stomp|stomps|stomping|bash|bashes|bashing|bashed|cave|caves|caved|smash|smashes|smashing|smashed) (his|her|their|a man's|the man's|someone's) (head|skull|face|teeth) in",
  "(smashed|crushed|caved in|shattered|cracked) (skull|skulls)", "(skull|skulls) (smashed|crushed|caved in|shattered|cracked open)",
  "(burned|burnt|burning|burn|burns) (him|her|them|a man|a woman|a person|people|the prisoner|the prisoners|the victim|the witch|a witch|villagers|the villagers) alive", "(burned|burnt) at the stake", "burning at the stake",
  "(executed|executes|executing|execute) (him|her|them|the prisoner|the prisoners|a prisoner|prisoners|the hostage|hostages|civilians|the man|the woman|a man|a woman|people|the traitor|traitors|the captives|captives)",
  "(executed|shot) execution style", "(shot|shoots|shooting) (him|her|them) (point blank|at point blank range|in the back of the head)", "(point blank|at point blank range) (in|to) the (head|face|temple)",
  "(tortures|tortured|torturing|torture) (him|her|them|a man|a woman|a prisoner|the prisoner|prisoners|the captive|captives|the victim|people)", "waterboard*", "(pulling|pulled|pulls|rips|ripped|ripping) out (his|her|their) (fingernails|nails|teeth)",
  "(dragged|dragging|drags|drag) (him|her|them|a man|a woman|a person|the man|the woman|the victim|the body|a body|the prisoner) behind (a|the) (car|truck|horse|horses|pickup|vehicle|jeep|motorcycle|tractor)",
  "(man|woman|person|victim|body|prisoner|men|women|people) (is|was|being|gets|got|are|were|) dragged behind (a|the) (car|truck|horse|horses|pickup|vehicle|jeep|motorcycle|tractor)",
  "(strangles|strangled|strangling|strangle|throttles|throttled|throttling|garrotes|garroted|garroting) (him|her|them|someone|a man|a woman|the man|the woman|the victim|his wife|her husband|his girlfriend|a prisoner|the prisoner)",
  "(chokes|choked|choking) (him|her|them|a man|a woman|the man|the woman|the victim|his wife|her husband) (to death|until|till|lifeless)",
  "until (he|she|they|the man|the woman|the victim|the prisoner) (dies|die|died|stops moving|stop moving|stopped moving|lies still|lie still|lay still|drowns|drown|drowned|stops breathing|stopped breathing|goes limp|went limp|is dead|was dead|are dead|bleeds out|bled out)",
  "against (a|the) wall and (shooting|shot|shoot|shoots|executing|executes|executed|gunning)", "(shooting|shoots|shot|executing|executes|executed) (them|the prisoners|the villagers|civilians|prisoners|hostages|the hostages) one by one",
  "(setting|sets|set) (him|her|them|himself|herself|themselves|the man|the woman|a man|a woman|the prisoner|the victim) alight",
  "(doused|dousing|douses|douse) (him|her|them|a man|a woman|the man|the woman|the victim|the prisoner) (in|with) (gasoline|petrol|kerosene|fuel)",
  "(fingernails|toenails|nails|teeth) (are|is|being|get|gets|) (pulled|ripped|torn|yanked|pried) (out|off)", "(knife|blade|razor|machete) across (his|her|their) (neck|throat)",
  "(hanging|hangs|hang) (a|the) (prisoner|prisoners|man|woman|traitor|traitors|rebel|rebels|criminal|condemned man|condemned)", "(on|from) the gallows",
  "(bleeding|bleeds|bled) out", "gunned down (civilians|protesters|students|worshippers|villagers|people|prisoners|unarmed)", "(hacked|hacking|hacks) (him|her|them|a man|a woman|people|villagers) (apart|to pieces|with a machete|with machetes|with an axe)",
  "put to death", "death by (stoning|hanging|firing squad|beheading|burning|torture)", "(stoning|stoned|stones) (him|her|them|the woman|a woman|the man|a man|the adulteress)",
];

/** Requests for deepfakes, face swaps, impersonation and likeness, and offices that name one person. */
export const LIKENESS_TERMS: readonly string[] = [
  "deepfake*", "deep (fake|fakes|faked|faking)", "faceswap*", "face (swap|swaps|swapped|swapping|replacement|replace|replaced)",
  "(swap|swaps|swapping|swapped|replace|replaces|replacing|replaced|put|paste|pasting) (his|her|their|my|the|your|its) faces?", "swap faces",
  "in the likeness of", "likeness of", "(a|an|the) likeness", "lookalike*", "look alike of", "(a|an|celebrity) look alike", "doppelganger of",
  "body double of", "digital (double|clone|twin) of", "voice (clone|cloned|cloning) of", "(clone|clones|cloned|cloning) (his|her|their) (voice|face)",
  "impersonat*", "the (pope|popes)", "the current pope", "the holy father", "pope (francis|leo|benedict|john paul)",
  "(president|presidents) of the (united states|usa|us|u s|russian federation|united kingdom)", "(us|u s|usa|current us) (president|vice president|first lady)",
  "(president|prime minister|chancellor|premier|king|queen|crown prince|supreme leader|emperor) of (russia|china|france|ukraine|germany|india|israel|japan|canada|italy|brazil|mexico|turkey|iran|north korea|south korea|the uk|britain|great britain|england|spain|saudi arabia|australia|argentina|the netherlands|belgium|sweden|norway|denmark|jordan|thailand)",
  "(the|) (british|uk|indian|israeli|japanese|canadian|italian|australian) prime minister", "the (french|russian|chinese|ukrainian|brazilian|mexican|turkish|iranian|american) president",
  "(the|) german chancellor", "(the|) (british|english) (king|queen|royal family|royals)", "royal family of (britain|england|the uk)", "the (king|queen) of england",
  "(2nd|3rd|4th|5th|6th|7th|8th|9th|10th|11th|12th|13th|14th|15th|16th|17th|18th|19th|20th|21st|22nd|23rd|24th|25th|26th|27th|28th|29th|30th|31st|32nd|33rd|34th|35th|36th|37th|38th|39th|40th|41st|42nd|43rd|44th|45th|46th|47th) (us|u s|american|) president",
  "(sixteenth|forty fifth|forty sixth|forty seventh|forty fourth) president", "king of (pop|rock and roll|rock n roll)", "queen of (pop|soul)",
  "the iron lady", "richest man in the world", "world richest man", "(founder|ceo|co founder|cofounder) of (tesla|spacex|microsoft|apple|amazon|facebook|meta|openai|google|nvidia|twitter)",
];
