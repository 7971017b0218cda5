"""A large pool of distinct, plausible author names for synthetic libraries.

Real libraries in a field bring tens of thousands of distinct authors; a generator that
reuses a few hundred names makes every author prolific and hides the cost of author pages.
Names are therefore built combinatorially (given name x surname) within each naming
tradition, which yields a few hundred thousand distinct people, drawn with weights close
to the mix of a computer-systems field. A tradition that runs out (Japanese names at 50,000
papers, say) simply stops being drawn from.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["NamePool", "folded", "latex_spelling"]


def _words(text: str) -> tuple[str, ...]:
    """Names separated by spaces; `_` joins the words of one name (`de_Jong`)."""
    return tuple(word.replace("_", " ") for word in text.split())


def _syllable_names(syllables: tuple[str, ...], spaced: bool) -> tuple[str, ...]:
    """Given names of one or two syllables, written as one word in Chinese (`Xiaoming`) and as two in
    Korean and Vietnamese (`Min Tae`)."""
    pairs = (f"{a} {b}" if spaced else a + b.lower() for a in syllables for b in syllables if a != b)
    return (*syllables, *pairs)


_ZH_SYLLABLES = _words(
    "Wei Jun Hao Yu Xin Jie Lei Tao Ming Hui Yan Jing Ping Qiang Yong Bo Chen Fang Feng Gang "
    "Hong Hua Jian Kai Lin Long Mei Peng Qi Rui Shan Tian Wen Xiao Yang Yi Zhi Zi Han Ning"
)
_KO_SYLLABLES = _words(
    "Min Ji Seo Hyun Jun Young Su Woo Ho Jin Yeon Eun Hye Sung Dong Jae Tae Kyung Ha Sang Chul Hee "
    "Won Seok Ui"
)


@dataclass(frozen=True)
class _Tradition:
    """Given names and surnames of one naming tradition, and its share of new authors."""

    weight: float
    given: tuple[str, ...]
    surnames: tuple[str, ...]

    def size(self) -> int:
        return len(self.given) * len(self.surnames)


_TRADITIONS: dict[str, _Tradition] = {
    "chinese": _Tradition(
        0.36,
        _syllable_names(_ZH_SYLLABLES, spaced=False),
        _words(
            "Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng "
            "Liang Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye "
            "Cheng Wei Su Ding Ren Shen Yao Lu Jin Fu Qian Tan Shi Wen Qin Hou Meng Bai"
        ),
    ),
    "korean": _Tradition(
        0.07,
        _syllable_names(_KO_SYLLABLES, spaced=True),
        _words(
            "Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Oh Seo Shin Kwon Hwang Ahn Yoo Hong Jeon Ko "
            "Moon Son Bae Baek Heo Nam Shim Noh Ha Jeong"
        ),
    ),
    "indian": _Tradition(
        0.09,
        _words(
            "Aarav Aditya Akash Amit Ananya Anil Anjali Arjun Arun Ashish Deepak Divya Gaurav Harsh "
            "Isha Karan Kavya Krishna Lakshmi Manish Meera Mohit Neha Nikhil Nisha Pooja Pranav Priya "
            "Rahul Rajesh Ravi Rohan Sanjay Shreya Siddharth Sneha Suresh Tanvi Varun Vikram Vivek "
            "Yash Abhishek Ankit Bhavya Chetan Dhruv Gautam Ishaan Jayant Kiran Madhav Naveen Pallavi "
            "Ritika Sachin Tarun Uday Vandana Aishwarya Hemant Inesh Spandan Aditi"
        ),
        _words(
            "Sharma Verma Gupta Singh Kumar Patel Reddy Iyer Nair Rao Mehta Joshi Desai Kapoor Malhotra "
            "Chatterjee Banerjee Mukherjee Das Bose Ghosh Sen Pillai Menon Krishnan Subramanian Agarwal "
            "Jain Shah Bhat Kulkarni Pandey Mishra Tiwari Chauhan Saxena Srinivasan Venkatesh Ramesh "
            "Mahajan Chakrabarti Sirasao Goyal Bansal Arora Khanna Sethi Dutta Hegde Shetty"
        ),
    ),
    "japanese": _Tradition(
        0.04,
        _words(
            "Haruto Yuto Sota Yuki Hiroshi Takeshi Kenji Masato Daisuke Shota Ryota Kazuki Naoki Takumi "
            "Yusuke Koji Satoshi Akira Makoto Tomoya Yui Aoi Sakura Hina Mei Yuna Haruka Ayaka Misaki "
            "Nanami Emi Keiko Naoko Yoko Kaori Rina Miyu Saki Mao Riko Kenta Shun Ren Sho"
        ),
        _words(
            "Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada "
            "Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto "
            "Ishikawa Ogawa Fujita Okada Goto Hasegawa Murakami Kondo Ishii Saito Sakamoto Endo Aoki "
            "Fujii Nishimura Fukuda Ota Miura Fujiwara Okamoto Matsuda Nakagawa Nakano Harada Ono Tamura"
        ),
    ),
    "english": _Tradition(
        0.12,
        _words(
            "James John Robert Michael William David Richard Joseph Thomas Charles Daniel Matthew Anthony "
            "Mark Steven Andrew Paul Joshua Kevin Brian George Edward Ryan Jacob Nicholas Eric Jonathan "
            "Justin Samuel Benjamin Gregory Alexander Patrick Jack Dennis Tyler Aaron Nathan Adam Ethan "
            "Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Emily Michelle "
            "Amanda Melissa Rebecca Laura Rachel Hannah Olivia Emma Grace Chloe Abigail Megan Lauren "
            "Danny Owen Liam Noah Lucas Henry Oliver Isaac Caleb Dylan Evan Colin Graham Simon Victor"
        ),
        _words(
            "Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin "
            "Jackson Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott "
            "Green Baker Adams Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner Parker "
            "Collins Edwards Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson Bailey Reed Kelly "
            "Howard Cox Ward Richardson Watson Brooks Wood Bennett Gray Hughes Price Sanders Myers Long "
            "Ross Foster Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes "
            "Fisher Hayes Wallace Ellis Graham Hamilton Grangier Willow Limpus Crepaldi"
        ),
    ),
    "german": _Tradition(
        0.05,
        _words(
            "Jürgen Klaus Stefan Andreas Michael Thomas Matthias Tobias Florian Sebastian Johannes "
            "Lukas Felix Maximilian Jonas Niklas Julia Katharina Anna Lena Sophie Lea Hannah Marie "
            "Kilian Jörg Björn Günter Dieter Uwe Heiko Ralf Torsten Sören Moritz Philipp Vincent Janik"
        ),
        _words(
            "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch "
            "Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann "
            "Lange Schmitt Werner Krause Meier Lehmann Köhler Herrmann König Walter Mayer Huber Kaiser "
            "Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Keller Vogel Friedrich Günther Henkel Pfeiffer"
        ),
    ),
    "romance": _Tradition(
        0.08,
        _words(
            "José Jesús Javier Sergio Álvaro Adrián Iker Raúl Andrés Martín Lucía María Sofía Paula "
            "Elena Irene Nuria Inés Román João Pedro Tiago Gonçalo Rui Inês Mariana Beatriz Frédéric "
            "François Hélène Léa Chloé Mathéo Théo Joël Amélie Cécile Stéphane Jérôme Marco Luca "
            "Giulia Francesca Matteo Lorenzo Alessandro Chiara Federica Niccolò Antonio Giuseppe"
        ),
        _words(
            "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Díaz Hernández "
            "Muñoz Álvarez Romero Jiménez Ruiz Navarro Torres Domínguez Vázquez Ramos Gil Serrano Blanco "
            "Molina Ortiz Castro Rubio Núñez Medina Silva Santos Oliveira Sousa Pereira Costa Ferreira "
            "Gonçalves Carvalho Monteiro Dubois Lefèvre Moreau Girard Bonnet Rousseau Mercier Fontaine "
            "Chevalier Berdoz Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco "
            "Bruno Gallo Conti Mancini Giordano Rizzo Lombardi Orús Tiene"
        ),
    ),
    "slavic": _Tradition(
        0.05,
        _words(
            "Aleksander Aleksandr Dmitry Sergey Ivan Mikhail Nikolai Andrei Pavel Anastasiia Olga "
            "Ekaterina Natalia Irina Tatiana Marta Piotr Tomasz Krzysztof Paweł Łukasz Michał Jan "
            "Tomáš Jiří Petr Lukáš Ondřej Vojtěch Marek Zuzana Kateřina Mateusz Wojciech Agnieszka"
        ),
        _words(
            "Ivanov Petrov Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Volkov "
            "Filippova Orlova Pavlova Nowak Kowalski Wiśniewski Wójcik Kamiński Lewandowski Zieliński "
            "Szymański Dąbrowski Kozłowski Novák Svoboda Dvořák Černý Procházka Kučera Veselý Horák "
            "Lorenc Němec Marek Pokorný Král"
        ),
    ),
    "turkish_persian_arabic": _Tradition(
        0.08,
        _words(
            "Mehmet Ahmet Mustafa Emre Burak Şengül Türker Abdulvahap Elif Zeynep Ayşe Cem Oğuz Ali "
            "Hasan Hüseyin Ramin Reza Parsa Aref Mehdi Sara Maryam Amir Hossein Narges Omid Mohamed "
            "Ahmed Omar Youssef Khaled Fatima Layla Heba Nour Karim Tarek Rania Salma Bakbergen"
        ),
        _words(
            "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç "
            "Tuncer Mutlu Ashrafi Rezagholizadeh Jafari Hashemi Khalili Karimi Hosseini Mohammadi "
            "Rahimi Ahmadi Moradi Haddad Khoury Mansour Nasser Saleh Hassan Ibrahim Aboelenien Khdr "
            "Farouk Ryskulov Nazarbayev Suleimenov"
        ),
    ),
    "vietnamese": _Tradition(
        0.03,
        _syllable_names(
            _words("Van Minh Thanh Duc Hoang Anh Quang Huy Tuan Linh Thu Ngoc Phuong Hai Long"), spaced=True
        ),
        _words("Nguyen Tran Le Pham Hoang Phan Vu Vo Dang Bui Do Ho Ngo Duong Ly"),
    ),
    "nordic_dutch": _Tradition(
        0.03,
        _words(
            "Lars Erik Anders Johan Magnus Nils Henrik Mikael Sven Ingrid Astrid Sigrid Freya Maja "
            "Sanne Pieter Jeroen Bram Daan Sem Thijs Femke Lotte Roel Wouter Søren Jørgen Kasper"
        ),
        _words(
            "Johansson Andersson Karlsson Nilsson Eriksson Larsson Olsen Hansen Jensen Nielsen Pedersen "
            "Berg Lindqvist Håkansson Sørensen de_Jong Jansen de_Vries van_den_Berg Bakker Visser Smit "
            "Meijer de_Boer Mulder Bos Vos Wattenhofer Mathys"
        ),
    ),
}


def folded(name: str) -> str:
    """A name as one person: spellings that differ only in case or accents are the same author
    (what a reader would assume, and what an author index should merge)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


class NamePool:
    """Distinct names drawn without replacement, deterministically for a given `rng`."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._streams = {name: self._stream(tradition) for name, tradition in _TRADITIONS.items()}
        self._seen: set[str] = set()

    @staticmethod
    def capacity() -> int:
        """At most this many names (fewer after accent folding merges a few)."""
        return sum(tradition.size() for tradition in _TRADITIONS.values())

    def draw(self) -> str:
        """A name not drawn before; raises when every tradition is exhausted."""
        while self._streams:
            names = list(self._streams)
            weights = [_TRADITIONS[name].weight for name in names]
            tradition = self._rng.choices(names, weights)[0]
            name = next(self._streams[tradition], None)
            if name is None:
                del self._streams[tradition]
            elif folded(name) not in self._seen:
                self._seen.add(folded(name))
                return name
        raise RuntimeError(f"the name pool is exhausted ({self.capacity():,} names)")

    def _stream(self, tradition: _Tradition) -> Iterator[str]:
        """Every given name x surname of a tradition once, in an order shuffled by the pool's rng;
        built lazily so that small libraries do not pay for the large traditions."""
        order = [(g, s) for g in range(len(tradition.given)) for s in range(len(tradition.surnames))]
        self._rng.shuffle(order)
        for given, surname in order:
            yield f"{tradition.given[given]} {tradition.surnames[surname]}"


_LATEX_ACCENTS = {
    "\u0301": "'",
    "\u0300": "`",
    "\u0308": '"',
    "\u0303": "~",
    "\u0302": "^",
    "\u0327": "c",
    "\u0306": "u",
    "\u030c": "v",
}


def latex_spelling(name: str) -> str:
    """The name as arXiv metadata often carries it: accents as LaTeX commands (`Garc\\'ia`,
    `\\c{S}eng\\"ul`), so that readers must decode it and merge it with the Unicode spelling."""
    out = []
    for char in name:
        decomposed = unicodedata.normalize("NFD", char)
        base, marks = decomposed[0], decomposed[1:]
        command = _LATEX_ACCENTS.get(marks) if len(marks) == 1 else None
        if command is None:
            out.append(char)
        elif command.isalpha():
            out.append(f"\\{command}{{{base}}}")
        else:
            out.append(f"\\{command}{base}")
    return "".join(out)
