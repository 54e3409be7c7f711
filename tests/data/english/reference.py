"""Reference values for the sentences of these sets, computed independently of nimsite.

nmul is the nim-product by the Fermat 2-power recursion, checked against the mex
definition (mexmul) below 32; octal(code, N) gives G(0) .. G(N - 1) of an octal game by
the mex over every option; grundy(N) is Grundy's game and subtr(S, N) the subtraction
game with move set S; period(G, t) finds the least period and preperiod that the octal
periodicity theorem proves from the values G, for a code whose last non-zero digit is
in position t.

    python3 -c 'from reference import *; print(octal("0.77", 20))'
"""
from functools import lru_cache
def mex(s):
    s=set(s); i=0
    while i in s: i+=1
    return i
@lru_cache(None)
def nmul(a,b):
    if a<2 or b<2: return a*b
    # fast: Fermat 2-power recursion
    # split at the Fermat 2-power F = 2^sh with a, b < F * F
    sh=1
    while (1<<(2*sh))<=max(a,b): sh*=2
    F=1<<sh
    a1,a0=a>>sh,a&(F-1); b1,b0=b>>sh,b&(F-1)
    c11=nmul(a1,b1); c10=nmul(a1,b0)^nmul(a0,b1); c00=nmul(a0,b0)
    # (a1F+a0)(b1F+b0)= c11 F^2 + c10 F + c00, F^2 = F + F/2
    return ((c11^c10)<<sh) ^ c00 ^ nmul(c11, F>>1)
@lru_cache(None)
def mexmul(a,b):
    return mex(mexmul(x,b)^mexmul(a,y)^mexmul(x,y) for x in range(a) for y in range(b))
def npow(a,n):
    r=1
    for _ in range(n): r=nmul(r,a)
    return r
def fsize(a):
    F=2
    while a>=F: F=F*F
    return F
def inv(a):
    F=fsize(a)
    return npow(a,F-2) if F<=65536 else None
def sqrt(a):
    F=fsize(a)
    for x in range(F):
        if nmul(x,x)==a: return x
def order(a):
    r=a;n=1
    while r!=1: r=nmul(r,a); n+=1
    return n
def octal(code,N):
    digits=[int(c) for c in code.split('.')[1]]
    G=[]
    for n in range(N):
        opts=set()
        for k,d in enumerate(digits,1):
            if k>n: break
            r=n-k
            if d&1 and r==0: opts.add(0)
            if d&2 and r>0: opts.add(G[r])
            if d&4 and r>=2:
                for a in range(1,r//2+1):
                    opts.add(G[a]^G[r-a])
        G.append(mex(opts))
    return G
def grundy(N):
    G=[]
    for n in range(N):
        G.append(mex(G[a]^G[n-a] for a in range(1,n) if a<n-a))
    return G
def subtr(S,N):
    G=[]
    for n in range(N): G.append(mex(G[n-k] for k in S if k<=n))
    return G
def period(G,t):
    N=len(G)
    for p in range(1,N):
        for n0 in range(0,N):
            if 2*n0+p+t+p>N: break
            # The theorem's window, and every value computed: a code whose heaps must be
            # split non-empty (0.4) can meet the window at n0 = 0 and still not repeat.
            if all(G[n+p]==G[n] for n in range(n0,N-p)):
                return p,n0
