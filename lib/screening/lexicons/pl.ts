import { type Lexicon, UNDER_18 } from "./types";

/**
 * Polish. Diacritics are folded before matching (ł→l, ż→z, ó→o...). Case endings are written
 * out or given by "*" on stems no innocent word starts with: "dziec*" would also hit
 * "dzieciństwo" (childhood, a topic that passes), "nag*" would hit "nagroda", "gwałt*"
 * would hit "gwałtowny" (violent, of a storm), "pyta*"-like traps are avoided the same way.
 * "dziewczyna" (also "girlfriend", "young woman") is left out, as "girl" is in English;
 * "dziewczynka" (little girl) is in.
 */

const AGE_STEMS = "trzy|cztero|pięcio|sześcio|siedmio|ośmio|dziewięcio|dziesięcio|jedenasto|dwunasto|trzynasto|czternasto|piętnasto|szesnasto|siedemnasto";
const SPELLED_AGES = AGE_STEMS.split("|").flatMap((n) => [`${n}letni*`, `${n}latek`, `${n}latk*`, `${n}latka`]);
const GRADERS = "pierwszo|drugo|trzecio|czwarto|piąto|szósto|siódmo|ósmo".split("|").flatMap((g) => [`${g}klasist*`, `${g}klasiści`]);
const AGED_THINGS = "kontrakt|okres|staż|program|plan|studia|kurs|whisky|wino|pies|psa|kot|kota|koń|konia|dąb|drzewo|samochód|dom|budynek|związek|małżeństwo|tradycja|firma|projekt|żółw|papuga";

export const LEXICON: Lexicon = {
  lang: "pl",
  stopwords: [
    "w", "z", "na", "się", "nie", "że", "jak", "ale", "co", "tak", "za", "od", "jest", "są", "była", "było", "być", "czy", "już", "tylko", "jego",
    "jej", "ich", "ta", "te", "tego", "tym", "przez", "przy", "dla", "pod", "nad", "bez", "oraz", "który", "która", "które", "może", "mnie", "ma", "też",
    "jeszcze", "bardzo", "więc", "jako", "lub", "aby", "gdy", "sobie", "ze", "we", "jakiś", "jakaś", "tej", "tych", "tam", "tu", "gdzie", "kiedy", "był",
    "można", "wszystko", "nic", "ja", "ty", "my", "wy", "oni", "one", "ją", "mu", "im", "swój", "swoje", "swoją", "będzie", "został", "została",
  ],
  minors: [
    "dziecko", "dziecka", "dziecku", "dzieckiem", "dzieci", "dzieciom", "dziećmi", "dzieciach", "dzieciak", "dzieciaki", "dzieciaka", "dzieciakiem", "dzieciaków",
    "dzieciakom", "dzieciakami", "dziecię", "dziecięcia", "dzieciątko", "dzieciątka", "dzieciaczek", "dzieciaczki", "niemowlę", "niemowlęta", "niemowlęcia", "niemowląt",
    "niemowlak", "niemowlaki", "niemowlaka", "niemowlakiem", "noworodek", "noworodki", "noworodka", "noworodkiem", "noworodków", "bobas", "bobasy", "bobasa", "bobasem",
    "maluch", "maluchy", "malucha", "maluchem", "maluchów", "maluszek", "maluszka", "maluszki", "brzdąc", "brzdące", "brzdąca", "szkrab", "szkraby", "szkraba", "berbeć",
    "bachor", "bachory", "bachora", "chłopiec", "chłopca", "chłopcu", "chłopcem", "chłopcy", "chłopców", "chłopcom", "chłopcami", "chłopczyk", "chłopczyka", "chłopczyki",
    "chłopczykiem", "chłopczyków", "chłopaczek", "chłopaczka", "dziewczynka", "dziewczynki", "dziewczynce", "dziewczynkę", "dziewczynką", "dziewczynek", "dziewczynkom",
    "dziewczynkami", "dziewczyneczka", "córeczka", "córeczki", "córeczkę", "córeczką", "synek", "synka", "synkiem", "synkowie", "synkowi", "mała dziewczyna", "małej dziewczyny",
    "nastolat*", "nastolet*", "małolat*", "nieletni*", "niepełnoletni*", "tinejdżer*", "teenager", "uczeń", "ucznia", "uczniowi", "uczniem", "uczniowie", "uczniów", "uczniom",
    "uczniami", "uczennica", "uczennicy", "uczennicę", "uczennicą", "uczennice", "uczennic", "uczennicami", "licealist*", "gimnazjalist*", "przedszkol*", "podstawówk*",
    "szkoła podstawowa", "szkoły podstawowej", "szkole podstawowej", "szkołę podstawową", "żłobek", "żłobka", "żłobku", "pierwsza komunia", "pierwszej komunii",
    "pierwszą komunię", "harcerz", "harcerze", "harcerka", "harcerki", "pedofil*", "lolicon", "loli", "shota", ...GRADERS,
    `(${UNDER_18}) (letni*|latek|latka|latki|latków|latkiem|latkę)`, ...SPELLED_AGES, `(ma|miał|miała|mając|skończył|skończyła) (${UNDER_18}) (lat|lata|rok)`,
    `w wieku (${UNDER_18}) (lat|lata)`, `(dziewczyna|dziewczyny|dziewczynę|chłopak|chłopaka|nastolatka|córka|syn|siostra|brat|wnuczka|wnuk|modelka|tancerka|gimnastyczka|osoba) (${UNDER_18}) (lat|lata)`,
    "(uczniowie|uczennice|dzieci|klasa) (z|ze) (podstawówki|przedszkola|szkoły podstawowej)",
  ],
  sexual: [
    "(całkiem|zupełnie|kobieta|dziewczyna|modelka|pani|tancerka|panna|cała|prawie|jest|była|leży|stoi|siedzi|pozuje|całkowicie) naga", "naga (kobieta|dziewczyna|modelka|pani|tancerka|postać|na|w|stoi|leży|siedzi|pozuje|kąpie)",
    "(całkiem|zupełnie|mężczyzna|chłopak|model|facet|pan|cały|prawie|jest|był|leży|stoi|siedzi|pozuje|całkowicie) nagi", "nagi (mężczyzna|chłopak|model|facet|pan|na|w|stoi|leży|siedzi|pozuje|kąpie)",
    "nagie", "nagiego", "nagiej", "nagą (kobietę|dziewczynę|modelkę|panią|postać)", "nagim", "nagimi", "nagich", "nago", "nagość", "nagości", "na golasa", "golas", "golasy", "goły", "gołego", "gołej", "gołym", "gołych",
    "(kobieta|dziewczyna|modelka|całkiem|zupełnie|cała) goła", "gołe (kobiety|dziewczyny|ciała|ciało|piersi|tyłki|modelki)", "rozebrana", "rozebrane", "rozebranej", "rozebrane kobiety", "rozbiera się", "rozbierają się", "rozbierająca się",
    "rozebrała się", "rozebrał się", "rozebrali się", "bez ubrania", "bez ubrań", "bez majtek", "bez bielizny", "topless", "toples", "nudyst*", "naturyst*",
    "cycki", "cycków", "cyckami", "cycuszki", "sutki", "sutek", "sutków", "penis", "penisa", "penisem", "prącie", "pochwa", "pochwy", "pochwę", "srom", "łechtaczk*",
    "genitalia", "genitaliów", "narządy płciowe", "narządów płciowych", "narządami płciowymi", "kutas", "kutasa", "cipka", "cipki", "cipkę", "pizda", "erekcja", "wzwód",
    "seks", "seksu", "seksem", "seksie", "seksualn*", "stosunek płciowy", "stosunku płciowego", "współżycie", "współżyją", "pieprzą się", "pieprzyć się", "ruchać",
    "rucha", "ruchają", "ruchanie", "bzykać", "bzykają", "bzykanie", "uprawiają seks", "kochają się w łóżku", "porno", "pornografi*", "pornograficzn*", "pornos",
    "erotyczn*", "erotyka", "erotyki", "orgazm*", "masturb*", "onani*", "wytrysk", "sperma", "spermy", "robi loda", "robić loda", "obciąganie", "orgia", "orgie", "orgii",
    "striptiz", "striptizu", "striptizerka", "striptizerki", "striptease", "dziwka", "dziwki", "dziwkę", "wibrator", "wibratory", "dildo", "gwałt", "gwałtu", "gwałty",
    "gwałcić", "gwałci", "gwałcą", "zgwałcona", "zgwałcony", "zgwałcił", "zgwałcili", "zgwałcenie", "gwałciciel", "gwałciciele", "molestowan*", "kazirodztwo", "zoofilia",
    "hentai", "nsfw", "xxx", "film dla dorosłych", "filmy dla dorosłych", "treści dla dorosłych", "napalona", "napalony", "sprośn*", "onlyfans", "bdsm", "bondage",
    "ekshibicjonist*", "podglądacz", "wyuzdan*",
  ],
  graphicViolence: [
    "gore", "okalecz*", "poćwiartow*", "rozczłonkow*", "dekapitacj*", "ścięcie głowy", "ścięta głowa", "ścięte głowy", "(ściął|ścina|ścinają|ścięli|ściąć|ściąłem) (mu|jej|im|) głowę",
    "(mężczyzna|kobieta|więzień|skazaniec|człowiek|jeniec|zakładnik) (ścięty|ścięta|ścięci)", "odcięta głowa", "odcięte głowy", "odciętą głowę", "obcięta głowa", "odcięte (kończyny|ręce|nogi|palce|uszy)", "(odciął|odcina|odcinają|odcięli|obciął) (mu|jej|im) (głowę|rękę|ręce|palce)",
    "poderżn*", "(podrzyna|podrzynają|podciął|podcina) (mu|jej|im|) gardło", "(człowiek|ciało|ofiara|mężczyzna|kobieta|zwłoki) wypatroszon*",
    "flaki (na wierzchu|na zewnątrz|wypływają|wylewają się)", "wnętrzności", "jelita (na wierzchu|na zewnątrz)", "tortur*", "katowa*", "skatowa*", "zakatowa*",
    "egzekucj*", "rozstrzel*", "pluton egzekucyjny", "krzesło elektryczne", "komora gazowa", "komory gazowe", "komorze gazowej", "śmiertelny zastrzyk",
    "(mężczyzna|kobieta|ciało|więzień|skazaniec|skazańcy|więźniowie|zakładnik) (powieszon*|stracon*|rozstrzelan*)", "powiesił się", "powiesiła się", "wisielec", "wisielca",
    "szubienic*", "ukamienowan*", "kamienowanie", "kamienowania", "lincz", "linczu", "zlinczowan*", "nabity na pal", "nabici na pal", "wbity na pal", "wbijanie na pal",
    "(pobity|pobita|pobici|skatowany|skatowana|zatłuczony|zatłuczona|zakatowany|zakatowana|zadźgany|zadźgana|stratowany|stratowana|skopany|skopana) na śmierć",
    "zatłukł", "zatłukli", "zatłuczony", "zatłuczona", "zatłuc", "zatłucze", "zadźga*", "zasztyletowa*",
    "(pobił|pobili|pobiła|bije|biją|bił|bili|kopie|kopią|kopał|kopali|tłucze|tłuką|katuje|katują) (go|ją|ich|mężczyznę|kobietę|człowieka|ofiarę|więźnia|kogoś|bezdomnego) na śmierć",
    "(pobił|pobili|zakatował|zakatowali|skatował|skatowali) na śmierć", "(spalony|spalona|spaleni|spalić|pali|palą|spalili|spalił) żywcem", "żywcem (spalony|spalona|spaleni|spalić|pogrzebany|pogrzebana|zakopany|obdarty|ugotowany)",
    "(spalili|spalił|spaliła|palą|pali|spalą) (go|ją|ich|więźnia|więźniów|czarownicę|czarownice|kobietę|mężczyznę|heretyka) żywcem", "spalić na stosie", "spalona na stosie", "spalony na stosie", "obdarty ze skóry", "obdarta ze skóry", "obdzierać ze skóry", "wydłubane oczy", "wydłubać oczy", "wydłubuje oczy",
    "wyrwane paznokcie", "wyrywa paznokcie", "wyrwane serce", "(wyrwał|wyrywa|wyrwali) (mu|jej) (serce|oczy|paznokcie|język)",
    "(kałuża|kałuże|kałuży|kałużę|morze|rzeka|jezioro) krwi", "w kałuży krwi", "zalany krwią", "zalana krwią", "zalane krwią", "(zakrwawione|zakrwawiony|zakrwawiona) (ciało|ciała|zwłoki|trup|trupy|głowa)",
    "(pokryte|pokryty|pokryta|pokryci|umazany|umazana|umazane|skąpany|skąpana|skąpane|zbroczony|zbroczona|zbroczone|zalani|zbryzgany|zbryzgana|zbryzgane|ubabrany) krwią", "cały we krwi", "cała we krwi", "całe we krwi", "ociekający krwią", "ociekające krwią", "krew (tryska|bryzga|wszędzie|na ścianach|się leje|leje się)", "czaszka (roztrzaskana|zmiażdżona|rozbita|pęknięta|rozłupana)", "(roztrzaskał|roztrzaskali|zmiażdżył|rozbił|rozłupał) (mu|jej|im) czaszkę", "roztrzaskana czaszka", "(wleczony|wleczona|ciągnięty|ciągnięta) (za|przez) (samochodem|samochód|koniem|konia|ciężarówką)", "(wieszają|powiesili|wieszali|powiesił) (go|ją|ich|więźnia|jeńca|jeńców|zdrajcę|zdrajców)", "(leży|leżą|leżący|leżące|tonie|tonący) we krwi", "(zwłoki|ciało|ciała|trup|trupy) we krwi", "stosy trupów", "góry trupów", "(dźga|dźgnął|dźgają|dźgali) (go|ją|ich|ofiarę|) (nożem|) (wielokrotnie|raz za razem|raz po raz|wiele razy|kilkanaście razy|kilkadziesiąt razy)", "linczują", "linczowali", "scena egzekucji", "rozszarpan*", "rozerwan* na (strzępy|kawałki)", "wypatroszon*", "odrąban*", "odrąbał", "odrąbali", "(obcięte|obcięta|obcięty|obcięli|obciął) (palce|ręce|nogi|głowa|głowę|ucho|uszy|kończyny)", "(uduszony|uduszona) (gołymi rękami|na śmierć)", "udusił (go|ją) na śmierć", "(zamordowany|zamordowana|zamordowani|zabity|zabita|pobity|pobita) (brutalnie|bestialsko|z zimną krwią)", "(mordują|wymordowali|wymordowano|rżną|wyrżnęli|wyrżnięto) (cywilów|wieśniaków|ludzi|mieszkańców|jeńców|wszystkich|całą wioskę)", "wymordowan*", "krwawa łaźnia", "(rozwalił|rozwalili|roztrzaskał) (mu|jej) (głowę|łeb)", "rozwalona głowa", "odstrzel* (mu|jej|sobie) (głowę|łeb)", "wiesza się", "powiesić się", "ukrzyżowan* (mężczyzna|człowiek|ludzie|jeniec|więzień|kobieta)", "bryzgi krwi", "rozbryzgi krwi",
    "wszędzie krew", "rzeź", "rzezi", "rzeź niewiniątek", "masakra", "masakry", "masakrę", "masakrze", "zmasakrowan*", "ludobójstw*", "czystki etniczne", "czystek etnicznych",
    "strzelanina w szkole", "masowe morderstwo", "masowe morderstwa", "masowy mord", "masowa egzekucja", "masowy grób", "masowe groby", "zamach terrorystyczny", "zamachy terrorystyczne",
    "zamachowiec samobójca", "samobójstw*", "samobójca", "samobójczyni", "samookaleczeni*", "(podciął|podcina|podcięła) sobie żyły", "podciąć (sobie|) żyły", "ludzkie mięso",
    "ludzkie szczątki", "kanibal*", "zwłoki (poćwiartowane|rozkładające się|zwęglone|okaleczone|bez głowy)", "zwęglone (zwłoki|ciała|ciało)", "rozkładające się (zwłoki|ciało|ciała)",
    "(strzelił|strzela|strzelają|strzelili|strzeliła) (mu|jej|im|sobie|) w (głowę|tył głowy|twarz|skroń)", "postrzelony w głowę", "postrzelona w głowę", "strzał w tył głowy", "strzał w głowę", "strzałem w głowę", "kula w głowie", "kulę w głowę", "mózg (rozbryzgany|na ścianie|rozprysnięty)", "rozbryzgany mózg", "otwarta rana", "otwarte rany",
    "rana postrzałowa", "rany postrzałowe", "otwarte złamanie", "sterczące kości", "znęcanie się nad zwierzętami", "okrucieństwo wobec zwierząt", "okrucieństwa wojenne",
    "snuff", "brutalnie (zamordowany|zamordowana|zamordowani|pobity|pobita|zakatowany|zakatowana|torturowany)", "brutalne morderstwo", "bestialsko (zamordowany|zamordowana|zabity|zabita)",
    "bestialskie morderstwo", "krwawa jatka", "jatka",
  ],
  likeness: [
    // Well-known people in the cases the name list (bare names) does not hold.
    "lewandowskiego", "lewandowskim", "lewandowskiemu", "roberta lewandowskiego", "tuska", "tuskiem", "tuskowi", "donalda tuska", "kaczyńskiego", "kaczyńskim", "kaczyńskiemu",
    "jarosława kaczyńskiego", "wałęsy", "wałęsie", "wałęsą", "wałęsę", "lecha wałęsy", "jana pawła ii", "janem pawłem ii", "janowi pawłowi ii", "nawrockiego", "nawrockim",
    "karola nawrockiego", "andrzeja dudy", "andrzejem dudą", "prezydenta dudy", "kubicy", "roberta kubicy", "małysza", "małyszem", "adama małysza", "putina", "putinem", "putinowi",
    "zełenskiego", "zełenskim", "zełenskiemu", "trumpa", "trumpem", "trumpowi", "donalda trumpa", "elona muska", "elonem muskiem", "igi świątek", "marii skłodowskiej",
    "deepfake*", "deep fake", "zamiana twarzy", "zamianę twarzy", "podmiana twarzy", "podmianę twarzy", "face swap", "faceswap",
    "(zamień|podmień|wstaw|zmień|zamienić|podmienić|wkleić|wklej) (moją|jego|jej|twoją|tę|) twarz", "z twarzą (prezydenta|papieża|premiera)", "sobowtór", "sobowtóra", "sobowtórem",
    "sobowtóry", "klon głosu", "sklonowany głos", "sklonować głos", "(podszywa|podszywając|podszywać|podszywający) się pod", "kradzież tożsamości",
    "papież", "papieża", "papieżem", "papieżowi", "ojciec święty", "ojca świętego", "ojcem świętym",
    "(prezydent|prezydenta|prezydentem|prezydentowi) (usa|stanów zjednoczonych|ameryki|rosji|francji|chin|ukrainy|polski|rp|turcji|białorusi)",
    "(amerykański|rosyjski|francuski|chiński|ukraiński|turecki) prezydent", "(amerykańskiego|rosyjskiego|francuskiego|chińskiego|ukraińskiego) prezydenta",
    "(premier|premiera|premierem) (polski|wielkiej brytanii|izraela|indii|japonii|kanady|węgier)", "(brytyjski|brytyjskiego) (premier|premiera|król|króla)",
    "(król|króla|królowa|królowej|królową) (anglii|wielkiej brytanii|hiszpanii|holandii)", "kanclerz niemiec", "niemiecki kanclerz", "kanclerza niemiec",
    "najbogatszy człowiek świata", "najbogatszy człowiek na świecie", "najbogatszego człowieka świata",
    "(założyciel|założyciela|szef|szefa|właściciel|właściciela|prezes|prezesa) (tesli|spacex|microsoftu|apple|amazona|facebooka|mety|openai|google|nvidii|twittera)",
  ],
  negators: ["nie", "bez", "żadnych", "żadnej", "żadnego", "żaden", "żadna", "żadne", "nigdy", "ani", "unikaj", "unikać", "oprócz", "zero", "poza"],
  exceptions: [
    "dzieciństwo", "dzieciństwa", "dzieciństwie", "dzieciństwem", "rysunek dziecka", "rysunki dzieci", "rysunki dziecka", "dziecięcy rysunek", "dziecięce rysunki",
    "rysunek (zrobiony|narysowany) przez dziecko", "wewnętrzne dziecko", "(zjawisko|zjawiska|efekt) el niño", "el niño", "la niña",
    "gołym okiem", "gołe (ściany|drzewa|gałęzie|ręce|pięści|fakty|stopy|nogi)", "gołymi rękami", "gołymi rękoma", "gołymi pięściami", "goła (ściana|prawda|ziemia|skała)",
    "nagie (drzewa|gałęzie|ściany|skały|fakty|stopy)", "naga prawda", "nagie fakty", "z nagim torsem", "nagi tors", "nagim torsem", "na bosaka",
    "(pomadka|szminka|lakier|odcień|kolor|kolorze) nude", "fiat maluch", "maluch fiat", "fiat 126p", "bloody mary", "krwawa mary",
    "egzekucja (komornicza|długu|wyroku|planu)", "egzekucji (komorniczej|długu)", "egzekucja komornicza",
    "wypatroszon* (ryba|ryby|rybę|kurczak|kurczaka|pstrąg|pstrąga|karp|karpia|dorsz)", "(noworodki|noworodek) (kociąt|szczeniąt|zwierząt)", ...AGE_STEMS.split("|").map((n) => `${n}letni* (${AGED_THINGS})`), `(${UNDER_18}) letni* (${AGED_THINGS})`,
  ],
};
