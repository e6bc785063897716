# The published solution of x-puzzling-se-37042.txt: the answers of LeppyR64 and Jonathan Allan to
# Puzzling Stack Exchange question 37042 (https://puzzling.stackexchange.com/a/37045), CC BY-SA 3.0.
x 416532235614152463643125364251521346
