# The published solution of windoku-commons-hypersudoku18.txt: "Oceans Hypersudoku18 Solution" by
# oceanh, Wikimedia Commons (File:Oceans_Hypersudoku18_Solution.svg; CC BY 2.5 as quoted).
windoku 946832715152697834738451296819726543475319682263548179327985461584163927691274358
